import type { PaymentService } from '../../server/modules/payment/index.js';

type PaymentStart = Parameters<PaymentService['start']>[0];

/**
 * What a placement hands to `PaymentService.start` for a card order of one 12.50 € pack: Croatian,
 * Ana Horvat in Zagreb, the shop's success and failure pages with the order and a view token.
 */
export function cardPaymentStart(shopUrl: string, number: string, over: Partial<PaymentStart> = {}): PaymentStart {
  return {
    number,
    amountCents: 1250,
    currency: 'EUR',
    locale: 'hr',
    customer: {
      fullName: 'Ana Horvat',
      street: 'Ilica 1',
      city: 'Zagreb',
      postalCode: '10000',
      country: 'HR',
      phone: '+385912345678',
      email: 'ana@example.hr',
    },
    successUrl: `${shopUrl}/hr/placanje/uspjeh?order=${number}&token=t`,
    cancelUrl: `${shopUrl}/hr/placanje/neuspjeh?order=${number}&token=t`,
    ...over,
  };
}
