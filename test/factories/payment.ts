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

/**
 * A buyer on the payment sandbox's page: posts the placement's form to it (303 to its page) and presses
 * 'approve' there (302 back to the shop). The worker settles the payment afterwards.
 */
export async function approveAtSandbox(shopUrl: string, form: { action: string; fields: Record<string, string> }): Promise<void> {
  const posted = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shopUrl },
    body: new URLSearchParams(form.fields).toString(),
    redirect: 'manual',
  });
  if (posted.status !== 303) throw new Error(`the sandbox's page answered ${posted.status} to the payment form`);
  const decided = await fetch(`${shopUrl}${posted.headers.get('location')!}/approve`, {
    method: 'POST',
    headers: { origin: shopUrl },
    redirect: 'manual',
  });
  if (decided.status !== 302) throw new Error(`the sandbox answered ${decided.status} to 'approve'`);
}
