import { describe, expect, it } from '@jest/globals';
import type { OrderView } from '../../../../contract/api/order.js';
import { packingSlip, packingSlipsPdf } from './packing-slips.js';

const order: OrderView = {
  number: 'ZZ-2026-000123',
  status: 'awaiting_payment',
  payment_status: 'awaiting_payment',
  fulfilment_status: 'placed',
  payment_method: 'cod',
  placed_at: '2026-11-28T23:30:00.000Z',
  email: 'ana@example.test',
  phone: '+385 91 123 4567',
  locale: 'hr',
  currency: 'EUR',
  lines: [
    { product_code: 'ZZ-SPAG-400', name: 'Špageti od pira', unit_price: 329, quantity: 2, vat_rate: 5, line_total: 658 },
    { product_code: 'ZZ-FARF-400', name: 'Farfalle', unit_price: 299, quantity: 1, vat_rate: 5, line_total: 299 },
  ],
  subtotal: 957,
  discount: 0,
  coupon_code: null,
  delivery: 450,
  total: 1407,
  vat_base: 1300,
  vat_total: 107,
  vat_by_rate: [],
  delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
  billing_address: null,
  r1_invoice: null,
  courier_note: 'Zvoniti dvaput',
  remark: null,
  tracking_number: null,
};

describe('packing slips', () => {
  it('a cash-on-delivery slip in Croatian: number, Zagreb day, address, lines, packs, courier note, the cash to collect', () => {
    expect(packingSlip(order)).toEqual({
      locale: 'hr',
      title: 'Otpremnica',
      number: 'ZZ-2026-000123',
      heading: 'Narudžba ZZ-2026-000123',
      date: 'Datum: 29. 11. 2026.',
      deliverTo: { label: 'Dostava na adresu', lines: ['Ana Horvat', 'Ilica 1', '10000 Zagreb', 'Hrvatska'] },
      phone: 'Telefon: +385 91 123 4567',
      columns: { code: 'Šifra', product: 'Proizvod', quantity: 'Kom.' },
      lines: [
        { code: 'ZZ-SPAG-400', name: 'Špageti od pira', quantity: 2 },
        { code: 'ZZ-FARF-400', name: 'Farfalle', quantity: 1 },
      ],
      packs: 'Ukupno paketa: 3',
      courierNote: { label: 'Napomena za dostavljača', text: 'Zvoniti dvaput' },
      cod: { label: 'Pouzeće – naplatiti', amount: '14,07 €' },
    });
  });

  it("a card order in English: no cash to collect, no courier note when there is none, the order's own language", () => {
    const slip = packingSlip({ ...order, locale: 'en', payment_method: 'card', courier_note: null });
    expect(slip).toMatchObject({
      title: 'Packing slip',
      heading: 'Order ZZ-2026-000123',
      cod: null,
      courierNote: null,
      packs: 'Packs in all: 3',
    });
    expect(slip.deliverTo.lines.at(-1)).toBe('Croatia');
    expect(packingSlip({ ...order, locale: 'de' }).cod).toEqual({ label: 'Nachnahme – zu kassieren', amount: '14,07 €' });
    expect(packingSlip({ ...order, locale: 'sl' }).title).toBe('Dobavnica');
  });

  it('draws one PDF for several slips (bytes of a PDF, the same for the same input)', async () => {
    const at = new Date('2026-11-29T08:00:00Z');
    const slips = [packingSlip(order), packingSlip({ ...order, number: 'ZZ-2026-000124', locale: 'de' })];
    const pdf = await packingSlipsPdf(slips, at);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
    expect((await packingSlipsPdf(slips, at)).equals(pdf)).toBe(true);
  }, 30_000);
});
