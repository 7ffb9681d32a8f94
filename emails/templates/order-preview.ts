import type { OrderView } from '../../contract/api/order.js';

/**
 * The example order of the order mails' previews and tests: three lines at two VAT rates (5 % and,
 * with the delivery, 25 %), a 10 % coupon, cash on delivery, an R1 invoice for a Croatian company.
 * The amounts are what the shop's own money rules give for these lines (orderMoney, docs/orders.md):
 * the test checks that they add up.
 */
export function previewOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    number: 'ZZ-2026-000123',
    status: 'awaiting_payment',
    payment_status: 'awaiting_payment',
    fulfilment_status: 'placed',
    payment_method: 'cod',
    placed_at: '2026-11-22T13:05:00.000Z',
    email: 'ana.horvat@example.com',
    phone: '+385 91 234 5678',
    locale: 'hr',
    currency: 'EUR',
    lines: [
      { product_code: 'ZZ-SPAG-400', name: 'Špageti', unit_price: 229, quantity: 3, vat_rate: 5, line_total: 687 },
      { product_code: 'ZZ-TAGL-400', name: 'Tagliatelle s jajima', unit_price: 329, quantity: 2, vat_rate: 5, line_total: 658 },
      { product_code: 'ZZ-SF-CHICK-400', name: 'Penne od slanutka', unit_price: 349, quantity: 2, vat_rate: 25, line_total: 698 },
    ],
    subtotal: 2043,
    discount: 204,
    coupon_code: 'DOBRODOSLI10',
    delivery: 400,
    total: 2239,
    vat_base: 1975,
    vat_total: 264,
    vat_by_rate: [
      { rate: 5, base: 1153, vat: 58 },
      { rate: 25, base: 822, vat: 206 },
    ],
    delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 42', postal_code: '10000', city: 'Zagreb', country: 'HR' },
    billing_address: null,
    r1_invoice: {
      company_name: 'Bistro Zrno d.o.o.',
      tax_id: '69827451031',
      street: 'Savska cesta 18',
      postal_code: '10000',
      city: 'Zagreb',
      country: 'HR',
    },
    courier_note: 'Zvono ne radi, nazovite kad stignete.',
    remark: 'Molim račun poslati i na računovodstvo.',
    tracking_number: null,
    ...overrides,
  };
}
