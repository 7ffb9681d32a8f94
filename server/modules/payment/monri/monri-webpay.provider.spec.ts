import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentError } from '../payment.errors.js';
import type { PaymentRequest } from '../payment-provider.js';
import { callbackDigest, formDigest, signReturnUrl } from './monri-digest.js';
import {
  cleanField,
  cleanPhone,
  cleanZip,
  isMonriAmount,
  localeOfMonriLanguage,
  paymentReference,
  parsePaymentReference,
} from './monri-fields.js';
import { MonriWebPayProvider } from './monri-webpay.provider.js';

const KEY = 'test-key-123';
const provider = new MonriWebPayProvider({
  key: KEY,
  authenticityToken: 'token-abc',
  formUrl: 'https://ipgtest.monri.com/v2/form',
  apiUrl: 'https://ipgtest.monri.com',
});
const other = new MonriWebPayProvider({
  key: 'another-key',
  authenticityToken: 'token-abc',
  formUrl: 'https://x/v2/form',
  apiUrl: 'https://x',
});

const request = (over: Partial<PaymentRequest> = {}, buyer: Partial<PaymentRequest['buyer']> = {}): PaymentRequest => ({
  orderNumber: 'ZZ-2026-000123',
  transactionType: 'purchase',
  amountCents: 1250,
  currency: 'EUR',
  locale: 'de',
  description: 'Zlatno zrno, Bestellung ZZ-2026-000123',
  buyer: {
    fullName: 'Ana Horvat',
    street: 'Ilica 1',
    city: 'Zagreb',
    postalCode: '10000',
    country: 'hr',
    phone: '+385 91 234 5678',
    email: 'ana@example.hr',
    ...buyer,
  },
  successUrl: 'https://shop.example/de/zahlung/erfolg',
  cancelUrl: 'https://shop.example/de/zahlung/fehler',
  callbackUrl: 'https://shop.example/api/payments/monri/callback',
  ...over,
});

describe('MonriWebPayProvider.startPayment', () => {
  it('builds the whole signed form for the hosted page', () => {
    const form = provider.startPayment(request());
    expect(form.action).toBe('https://ipgtest.monri.com/v2/form');
    expect(form.method).toBe('POST');
    expect(form.fields).toEqual({
      ch_full_name: 'Ana Horvat',
      ch_address: 'Ilica 1',
      ch_city: 'Zagreb',
      ch_zip: '10000',
      ch_country: 'HR',
      ch_phone: '+385 91 234 5678',
      ch_email: 'ana@example.hr',
      order_info: 'Zlatno zrno, Bestellung ZZ-2026-000123',
      order_number: 'ZZ-2026-000123',
      amount: '1250',
      currency: 'EUR',
      language: 'de',
      transaction_type: 'purchase',
      authenticity_token: 'token-abc',
      // printf '%s' 'test-key-123ZZ-2026-0001231250EUR' | sha512sum
      digest:
        '2d0909297a28bb9963d7faf89a06b7d7a8ebbe4863d9e900435045ad1e472350a13449bef0fb856e714123b56aab3d30fde88ddc1f882eae504b9fa454f0a997',
      success_url_override: 'https://shop.example/de/zahlung/erfolg',
      cancel_url_override: 'https://shop.example/de/zahlung/fehler',
      callback_url_override: 'https://shop.example/api/payments/monri/callback',
    });
    // Monri's page speaks hr, en, de (and ba, sr, es), not Slovenian: a Slovenian shopper gets English.
    expect(
      Object.fromEntries(
        (['hr', 'en', 'de', 'sl'] as const).map((locale) => [locale, provider.startPayment(request({ locale })).fields.language]),
      ),
    ).toEqual({
      hr: 'hr',
      en: 'en',
      de: 'de',
      sl: 'en',
    });
    expect(provider.startPayment(request({ transactionType: 'authorize' })).fields.transaction_type).toBe('authorize');
  });

  it('cleans and shortens names and addresses to what Monri takes, on character boundaries', () => {
    const fields = provider.startPayment(
      request(
        { description: 'x'.repeat(150) },
        {
          fullName: '  Đurđica\u0000 <Šimunović-Kovačević>   von  Žabljak  ',
          street: 'Ulica \n"kralja" Zvonimira 12a; stan 3',
          postalCode: 'HR-10000!',
          phone: 'tel: +385 (1) 234-5678 ext',
        },
      ),
    ).fields;
    expect(fields.ch_full_name).toBe('Đurđica Šimunović-Kovačević vo'); // 30 characters, not bytes
    expect([...fields.ch_full_name!].length).toBe(30);
    expect(fields.ch_address).toBe('Ulica kralja Zvonimira 12a stan 3');
    expect(fields.ch_zip).toBe('HR-10000');
    expect(fields.ch_phone).toBe('+385 (1) 234-5678');
    expect(fields.order_info).toBe('x'.repeat(100));
    expect(cleanField('ch_city', '😀'.repeat(40))).toBe('😀'.repeat(30)); // never a broken surrogate pair
    expect(cleanZip('1')).toBeUndefined();
    expect(cleanPhone('abc')).toBeUndefined();
    expect(localeOfMonriLanguage('it')).toBe('en');
    expect(['hr', 'en', 'de', 'ba', 'sr', 'es', 'sl'].map(localeOfMonriLanguage)).toEqual(['hr', 'en', 'de', 'en', 'en', 'en', 'en']);
  });

  it("takes only Monri's amounts: 3 to 11 digits of cents (1.00 EUR at least)", () => {
    expect(provider.startPayment(request({ amountCents: 100 })).fields.amount).toBe('100');
    expect(provider.startPayment(request({ amountCents: 99_999_999_999 })).fields.amount).toBe('99999999999');
    for (const amountCents of [99, 1, 100_000_000_000]) expect(() => provider.startPayment(request({ amountCents }))).toThrow(PaymentError);
    expect([
      isMonriAmount(99),
      isMonriAmount(100),
      isMonriAmount(99_999_999_999),
      isMonriAmount(100_000_000_000),
      isMonriAmount(150.5),
    ]).toEqual([false, true, true, false, false]);
  });

  it('refuses order data that cannot be sent, naming the field (a 422, never a 500)', () => {
    const cases: Array<[Partial<PaymentRequest>, Partial<PaymentRequest['buyer']>, string]> = [
      [{ orderNumber: 'ZZ 2026/1' }, {}, 'order_number'],
      [{ amountCents: 0 }, {}, 'amount'],
      [{ amountCents: 12.5 }, {}, 'amount'],
      [{ currency: 'USD' as 'EUR' }, {}, 'currency'],
      [{}, { country: 'Croatia' }, 'ch_country'],
      [{}, { email: 'not-an-address' }, 'ch_email'],
      [{}, { email: `${'a'.repeat(95)}@example.hr` }, 'ch_email'],
      [{}, { fullName: ' <> ' }, 'ch_full_name'],
      [{}, { city: 'A' }, 'ch_city'],
      [{ callbackUrl: '/api/payments/monri/callback' }, {}, 'callback_url_override'],
      [{ successUrl: 'javascript:alert(1)' }, {}, 'success_url_override'],
    ];
    for (const [over, buyer, field] of cases) {
      let error: unknown;
      try {
        provider.startPayment(request(over, buyer));
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(PaymentError);
      expect([field, (error as PaymentError).code, (error as PaymentError).field, (error as PaymentError).kind]).toEqual([
        field,
        'PAYMENT_DATA_INVALID',
        field,
        'invalid',
      ]);
    }
  });
});

describe('payment references (Monri order_number per attempt)', () => {
  it('is the order number, _ and the attempt, at most 40 characters, and reads back', () => {
    expect(paymentReference('ZZ-2026-000123', 1)).toBe('ZZ-2026-000123_1');
    expect(paymentReference('ZZ-2026-000123', 12)).toBe('ZZ-2026-000123_12');
    expect(parsePaymentReference('ZZ-2026-000123_12')).toEqual({ orderNumber: 'ZZ-2026-000123', attempt: 12 });
    for (const bad of ['ZZ-2026-000123', 'ZZ-2026-000123_0', 'ZZ_2026_1', `${'A'.repeat(35)}_1`, 'ZZ-2026-000123_123456'])
      expect(parsePaymentReference(bad)).toBeUndefined();
    expect(paymentReference('A'.repeat(34), 99999)).toHaveLength(40);
    expect(() => paymentReference('A'.repeat(35), 1)).toThrow(RangeError);
    expect(() => paymentReference('ZZ-2026-000123', 0)).toThrow(RangeError);
  });
});

describe('MonriWebPayProvider.verifyReturn: the raw URL shapes Monri produces', () => {
  // What Monri does with success_url_override: appends '?' and its parameters, then '&digest=' SHA-512(key + all before).
  const monriParams =
    'acquirer=xml-sim&amount=1250&approval_code=687169&cc_type=visa&ch_full_name=Ana+Horvat&currency=EUR&language=hr&order_number=ZZ-2026-000123_2&response_code=0000&response_message=approved&transaction_type=authorize';

  it('reads a return URL without a query of its own (the shop return endpoint)', () => {
    const built = `https://shop.example/api/payments/return/ZZ-2026-000123_2/success?${monriParams}`;
    // printf '%s' "test-key-123$built" | sha512sum
    const raw = `${built}&digest=${createHash('sha512').update(`${KEY}${built}`).digest('hex')}`;
    expect(signReturnUrl(KEY, 'https://shop.example/api/payments/return/ZZ-2026-000123_2/success', new URLSearchParams(monriParams))).toBe(
      raw,
    );
    expect(provider.verifyReturn(raw)).toEqual({
      ok: true,
      value: { orderNumber: 'ZZ-2026-000123_2', responseCode: '0000', amountCents: 1250 },
    });
  });

  it("reads the second '?' Monri produces after an override that had a query of its own", () => {
    const built = `https://shop.example/hr/placanje/uspjeh?order=ZZ-2026-000123&token=abc?${monriParams}`;
    const raw = `${built}&digest=${createHash('sha512').update(`${KEY}${built}`).digest('hex')}`;
    expect(
      signReturnUrl(KEY, 'https://shop.example/hr/placanje/uspjeh?order=ZZ-2026-000123&token=abc', new URLSearchParams(monriParams)),
    ).toBe(raw);
    expect(provider.verifyReturn(raw)).toEqual({
      ok: true,
      value: { orderNumber: 'ZZ-2026-000123_2', responseCode: '0000', amountCents: 1250 },
    });
    expect(provider.verifyReturn(raw.replace('amount=1250', 'amount=1'))).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('MonriWebPayProvider.verifyReturn', () => {
  const url =
    'https://shop.example/de/zahlung/erfolg?acquirer=sandbox&amount=1250&approval_code=123456&currency=EUR&language=de&order_number=ZZ-2026-000123&response_code=0000';

  it('accepts a URL signed with the key, and reads what it carries (which settles nothing)', () => {
    expect(provider.verifyReturn(signReturnUrl(KEY, url))).toEqual({
      ok: true,
      value: { orderNumber: 'ZZ-2026-000123', responseCode: '0000', amountCents: 1250 },
    });
  });

  it('refuses a tampered amount, another key, a missing or doubled digest', () => {
    const signed = signReturnUrl(KEY, url);
    expect(provider.verifyReturn(signed.replace('amount=1250', 'amount=1'))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyReturn(signed.replace('response_code=0000', 'response_code=0001'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(other.verifyReturn(signed)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyReturn(url)).toEqual({ ok: false, reason: 'missing_signature' });
    expect(provider.verifyReturn(`${signed}&digest=${'0'.repeat(128)}`)).toEqual({ ok: false, reason: 'missing_signature' });
    expect(provider.verifyReturn(`${url}&digest=nothex`)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a signed URL without an order number as malformed', () => {
    expect(provider.verifyReturn(signReturnUrl(KEY, 'https://shop.example/x?amount=1'))).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('MonriWebPayProvider.verifyCallback', () => {
  const body = JSON.stringify({
    id: 987654,
    order_number: 'ZZ-2026-000123',
    amount: 1250,
    currency: 'EUR',
    status: 'approved',
    response_code: '0000',
    masked_pan: '411111******1111',
  });
  const header = (raw: string, key = KEY) => `WP3-callback ${callbackDigest(key, raw)}`;

  it('accepts the raw body signed with the key; approved only for status approved with code 0000', () => {
    const result = provider.verifyCallback(body, header(body));
    expect(result).toEqual({
      ok: true,
      value: {
        transactionId: '987654',
        orderNumber: 'ZZ-2026-000123',
        amountCents: 1250,
        currency: 'EUR',
        approved: true,
        status: 'approved',
        responseCode: '0000',
        body: JSON.parse(body),
      },
    });
    expect(provider.verifyCallback(Buffer.from(body), header(body)).ok).toBe(true);
    for (const [status, code] of [
      ['approved', '1005'],
      ['declined', '0000'],
      ['declined', '1005'],
    ]) {
      const raw = body.replace('"approved"', `"${status}"`).replace('"0000"', `"${code}"`);
      const r = provider.verifyCallback(raw, header(raw));
      expect([status, code, r.ok && r.value.approved]).toEqual([status, code, false]);
    }
  });

  it('refuses a tampered amount, another key, a missing or foreign header', () => {
    const tampered = body.replace('1250', '1');
    expect(provider.verifyCallback(tampered, header(body))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyCallback(body, header(body, 'another-key'))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyCallback(body, undefined)).toEqual({ ok: false, reason: 'missing_signature' });
    expect(provider.verifyCallback(body, '')).toEqual({ ok: false, reason: 'missing_signature' });
    expect(provider.verifyCallback(body, `Bearer ${callbackDigest(KEY, body)}`)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(provider.verifyCallback(body, `WP3-callback ${formDigest(KEY, 'ZZ-2026-000123', 1250, 'EUR')}`)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a signed body that is not a callback as malformed', () => {
    for (const raw of ['not json', '[]', '{"order_number":"ZZ-1"}', JSON.stringify({ ...JSON.parse(body), amount: -5 })]) {
      expect(provider.verifyCallback(raw, header(raw))).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('MonriWebPayProvider: transaction-management calls (XML over HTTP, answers as Monri sends them)', () => {
  // A loopback server standing for Monri's API: it records each request and answers what the test set.
  let server: Server;
  let api: MonriWebPayProvider;
  const seen: Array<{ method: string; url: string; type: string | undefined; accept: string | undefined; body: string }> = [];
  let next: { status: number; body: string } = { status: 200, body: '' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method!,
          url: req.url!,
          type: req.headers['content-type'],
          accept: req.headers.accept,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(next.status, { 'content-type': 'application/xml' }).end(next.body);
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    api = new MonriWebPayProvider({
      key: KEY,
      authenticityToken: 'token-abc',
      formUrl: 'https://x/v2/form',
      apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      timeoutMs: 2000,
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const tx = (fields: Record<string, string>) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<transaction>\n${Object.entries(fields)
      .map(([k, v]) => `  <${k}>${v}</${k}>`)
      .join('\n')}\n</transaction>`;

  it('asks for the order status with a signed <order> document and reads status and response code', async () => {
    next = {
      status: 200,
      body: tx({
        id: '214',
        'order-number': 'ZZ-2026-000123',
        amount: '1250',
        currency: 'EUR',
        'transaction-type': 'purchase',
        status: 'approved',
        'response-code': '0000',
      }),
    };
    expect(await api.inquire('ZZ-2026-000123')).toEqual({
      orderNumber: 'ZZ-2026-000123',
      status: 'approved',
      transactionType: 'purchase',
      transactionId: '214',
      amountCents: 1250,
      currency: 'EUR',
      refundedCents: 0,
    });
    const request = seen.at(-1)!;
    expect([request.method, request.url, request.type, request.accept]).toEqual([
      'POST',
      '/orders/show',
      'application/xml',
      'application/xml',
    ]);
    expect(request.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><order><order-number>ZZ-2026-000123</order-number><authenticity-token>token-abc</authenticity-token><digest>${createHash('sha1').update(`${KEY}ZZ-2026-000123`).digest('hex')}</digest></order>`,
    );

    // No <order-number> echo needed: what the answer carries is read (Monri's own clients read status and response-code only).
    next = {
      status: 200,
      body: tx({
        id: '216',
        amount: '1250',
        currency: 'EUR',
        'transaction-type': 'authorize',
        status: 'approved',
        'response-code': '0000',
      }),
    };
    expect(await api.inquire('ZZ-2026-000123_2')).toMatchObject({
      orderNumber: 'ZZ-2026-000123_2',
      status: 'approved',
      transactionType: 'authorize',
      transactionId: '216',
    });
    next = {
      status: 200,
      body: tx({
        id: '215',
        'order-number': 'ZZ-2026-000123',
        amount: '1250',
        currency: 'EUR',
        status: 'declined',
        'response-code': '1050',
      }),
    };
    expect(await api.inquire('ZZ-2026-000123')).toMatchObject({ status: 'declined', transactionId: '215' });
    next = {
      status: 200,
      body: tx({
        'order-number': 'ZZ-2026-000123',
        amount: '1250',
        currency: 'EUR',
        'transaction-type': 'refund',
        status: 'approved',
        'response-code': '0000',
      }),
    };
    expect(await api.inquire('ZZ-2026-000123')).toMatchObject({ status: 'refunded', refundedCents: 1250 });
    next = { status: 404, body: '<errors><error>Order not found</error></errors>' };
    expect(await api.inquire('ZZ-2026-000123')).toMatchObject({ status: 'not_found', transactionId: null });
  });

  it('treats an answer it cannot trust as the provider being unavailable, never as a verdict', async () => {
    for (const answer of [
      { status: 200, body: tx({ 'order-number': 'ZZ-2026-000999', status: 'approved', 'response-code': '0000' }) }, // another order
      { status: 200, body: '<html>maintenance</html>' },
      { status: 200, body: 'not xml at all' },
      { status: 401, body: '<errors><error>Invalid digest</error></errors>' },
      { status: 500, body: '' },
    ]) {
      next = answer;
      await expect(api.inquire('ZZ-2026-000123')).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    }
  });

  it('refunds with a signed <transaction> to /transactions/{order_number}/refund.xml', async () => {
    next = {
      status: 201,
      body: tx({
        id: '300',
        'order-number': 'ZZ-2026-000123',
        amount: '500',
        currency: 'EUR',
        'transaction-type': 'refund',
        status: 'approved',
        'response-code': '0000',
      }),
    };
    expect(await api.refund('ZZ-2026-000123', 500)).toEqual({
      orderNumber: 'ZZ-2026-000123',
      status: 'refunded',
      refundedCents: 500,
      message: null,
    });
    const request = seen.at(-1)!;
    expect([request.method, request.url, request.type]).toEqual(['POST', '/transactions/ZZ-2026-000123/refund.xml', 'application/xml']);
    const digest = createHash('sha1').update(`${KEY}ZZ-2026-000123500EUR`).digest('hex');
    expect(request.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><transaction><amount>500</amount><currency>EUR</currency><digest>${digest}</digest><authenticity-token>token-abc</authenticity-token><order-number>ZZ-2026-000123</order-number></transaction>`,
    );
  });

  it('captures and voids with the same signed <transaction> to capture.xml and void.xml', async () => {
    const digest = createHash('sha1').update(`${KEY}ZZ-2026-000123_21250EUR`).digest('hex');
    for (const kind of ['capture', 'void'] as const) {
      next = {
        status: 201,
        body: tx({
          id: '301',
          'order-number': 'ZZ-2026-000123_2',
          amount: '1250',
          currency: 'EUR',
          'transaction-type': kind,
          status: 'approved',
          'response-code': '0000',
        }),
      };
      expect(await api[kind]('ZZ-2026-000123_2', 1250)).toEqual({ orderNumber: 'ZZ-2026-000123_2', status: 'done', message: null });
      const request = seen.at(-1)!;
      expect([request.method, request.url, request.type]).toEqual([
        'POST',
        `/transactions/ZZ-2026-000123_2/${kind}.xml`,
        'application/xml',
      ]);
      expect(request.body).toBe(
        `<?xml version="1.0" encoding="UTF-8"?><transaction><amount>1250</amount><currency>EUR</currency><digest>${digest}</digest><authenticity-token>token-abc</authenticity-token><order-number>ZZ-2026-000123_2</order-number></transaction>`,
      );
    }
    next = { status: 406, body: '<errors><error>Only a whole authorization can be voided</error></errors>' };
    expect(await api.void('ZZ-2026-000123_2', 1000)).toEqual({
      orderNumber: 'ZZ-2026-000123_2',
      status: 'refused',
      message: 'Only a whole authorization can be voided',
    });
    next = { status: 500, body: '' };
    await expect(api.capture('ZZ-2026-000123_2', 1250)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
  });

  it("reports a declined refund and Monri's validation errors as refusals with Monri's words; auth and server failures as unavailable", async () => {
    next = {
      status: 201,
      body: tx({ 'order-number': 'ZZ-2026-000123', status: 'declined', 'response-code': '1005', 'response-message': 'refund not allowed' }),
    };
    expect(await api.refund('ZZ-2026-000123', 500)).toEqual({
      orderNumber: 'ZZ-2026-000123',
      status: 'refused',
      refundedCents: 0,
      message: 'refund not allowed',
    });
    next = { status: 406, body: '<errors><error>Amount is too big</error><error>Amount &amp; currency</error></errors>' };
    expect(await api.refund('ZZ-2026-000123', 500)).toMatchObject({ status: 'refused', message: 'Amount is too big; Amount & currency' });
    for (const status of [401, 403, 500, 502]) {
      next = { status, body: '' };
      await expect(api.refund('ZZ-2026-000123', 500)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    }
    next = { status: 201, body: tx({ 'order-number': 'ZZ-2026-000999', status: 'approved', 'response-code': '0000' }) };
    await expect(api.refund('ZZ-2026-000123', 500)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    await expect(api.refund('ZZ/../x', 500)).rejects.toMatchObject({ code: 'PAYMENT_DATA_INVALID' });
    await expect(api.refund('ZZ-2026-000123', 0)).rejects.toMatchObject({ code: 'PAYMENT_DATA_INVALID' });
  });

  it('answers unavailable when nobody answers', async () => {
    const down = new MonriWebPayProvider({
      key: KEY,
      authenticityToken: 't',
      formUrl: 'https://x/v2/form',
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(down.inquire('ZZ-2026-000123')).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
  });
});
