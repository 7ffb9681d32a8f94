import { z } from 'zod';
import { PaymentError } from '../payment.errors.js';
import type {
  PaymentCallback,
  PaymentForm,
  PaymentProvider,
  PaymentRequest,
  PaymentReturn,
  PaymentStatus,
  RefundResult,
  TransactionResult,
  Verified,
} from '../payment-provider.js';
import {
  callbackDigest,
  digestsEqual,
  formDigest,
  orderStatusDigest,
  returnParameters,
  sha512Hex,
  splitReturnDigest,
  transactionDigest,
} from './monri-digest.js';
import { buildXml, parseXml, type XmlDocument } from './monri-xml.js';
import {
  cleanField,
  cleanPhone,
  cleanZip,
  isMonriAmount,
  isValidOrderNumber,
  MONRI_LANGUAGE,
  type MonriLimitedField,
} from './monri-fields.js';

export interface MonriSettings {
  /** The merchant key: signs and checks every digest; never sent anywhere. */
  key: string;
  authenticityToken: string;
  /** Where the browser posts the form (the hosted page). */
  formUrl: string;
  /** Base of the server-to-server calls (status inquiry, refund), without a trailing slash. */
  apiUrl: string;
  /** Per call, for inquiry and refund. */
  timeoutMs?: number;
}

/** The callback body as Monri sends it (JSON; more fields than these are kept but not needed). */
const callbackSchema = z.looseObject({
  id: z.union([z.string().min(1).max(100), z.number().int()]),
  order_number: z.string().min(1).max(40),
  amount: z.union([
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ]),
  currency: z.string().min(3).max(3),
  status: z.string().min(1).max(40),
  response_code: z.string().min(1).max(10),
});

const absoluteHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Monri WebPay, form integration (hosted page): the browser posts a signed form to MONRI_FORM_URL,
 * comes back to the success or cancel URL with a signed query, and Monri notifies the shop by a
 * signed JSON callback. The sandbox emulator speaks the same protocol, so this one adapter serves
 * both (docs/payments.md).
 */
export class MonriWebPayProvider implements PaymentProvider {
  readonly name = 'monri' as const;

  constructor(private readonly settings: MonriSettings) {}

  startPayment(request: PaymentRequest): PaymentForm {
    const { buyer } = request;
    if (!isValidOrderNumber(request.orderNumber)) throw invalid('order_number', 'the order number must be 1-40 letters, digits, - or _');
    if (!isMonriAmount(request.amountCents)) throw invalid('amount', 'the amount must be 3 to 11 digits of cents (at least 1.00)');
    if (request.transactionType !== 'purchase' && request.transactionType !== 'authorize')
      throw invalid('transaction_type', 'must be purchase or authorize');
    if (request.currency !== 'EUR') throw invalid('currency', 'only EUR is charged');
    const country = buyer.country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) throw invalid('ch_country', 'the country must be an ISO 3166-1 alpha-2 code');
    const email = buyer.email.trim();
    if (email.length > 100 || !/^[^\s@<>"']+@[^\s@<>"']+$/.test(email))
      throw invalid('ch_email', 'the e-mail address cannot be sent (at most 100 characters)');
    for (const [field, url] of [
      ['success_url_override', request.successUrl],
      ['cancel_url_override', request.cancelUrl],
      ['callback_url_override', request.callbackUrl],
    ] as const) {
      if (!absoluteHttpUrl(url)) throw invalid(field, 'must be an absolute http(s) URL');
    }
    const amount = String(request.amountCents);
    const fields: Record<string, string> = {
      ch_full_name: required('ch_full_name', cleanField('ch_full_name', buyer.fullName)),
      ch_address: required('ch_address', cleanField('ch_address', buyer.street)),
      ch_city: required('ch_city', cleanField('ch_city', buyer.city)),
      ch_zip: required('ch_zip', cleanZip(buyer.postalCode)),
      ch_country: country,
      ch_phone: required('ch_phone', cleanPhone(buyer.phone)),
      ch_email: email,
      order_info: cleanField('order_info', request.description) ?? `Order ${request.orderNumber}`,
      order_number: request.orderNumber,
      amount,
      currency: request.currency,
      language: MONRI_LANGUAGE[request.locale],
      transaction_type: request.transactionType,
      authenticity_token: this.settings.authenticityToken,
      digest: formDigest(this.settings.key, request.orderNumber, amount, request.currency),
      success_url_override: request.successUrl,
      cancel_url_override: request.cancelUrl,
      callback_url_override: request.callbackUrl,
    };
    return { action: this.settings.formUrl, method: 'POST', fields };
  }

  verifyReturn(fullUrl: string): Verified<PaymentReturn> {
    const parts = splitReturnDigest(fullUrl);
    if (!parts) return { ok: false, reason: 'missing_signature' };
    if (!digestsEqual(sha512Hex(`${this.settings.key}${parts.signed}`), parts.digest)) return { ok: false, reason: 'bad_signature' };
    try {
      new URL(parts.signed);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    // Monri's parameters follow its own '?' (a second one when the URL had a query): read them all.
    const query = returnParameters(parts.signed);
    const orderNumber = query.get('order_number');
    if (!orderNumber) return { ok: false, reason: 'malformed' };
    const amount = query.get('amount');
    return {
      ok: true,
      value: {
        orderNumber,
        responseCode: query.get('response_code'),
        amountCents: amount && /^\d{1,12}$/.test(amount) ? Number(amount) : null,
      },
    };
  }

  verifyCallback(rawBody: string | Buffer, authorization: string | undefined): Verified<PaymentCallback> {
    if (typeof authorization !== 'string' || authorization.trim() === '') return { ok: false, reason: 'missing_signature' };
    const match = /^WP3-callback ([0-9a-fA-F]{128})$/.exec(authorization.trim());
    if (!match || !digestsEqual(callbackDigest(this.settings.key, rawBody), match[1])) return { ok: false, reason: 'bad_signature' };
    let json: unknown;
    try {
      json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const parsed = callbackSchema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    const body = parsed.data;
    return {
      ok: true,
      value: {
        transactionId: String(body.id),
        orderNumber: body.order_number,
        amountCents: body.amount,
        currency: body.currency,
        approved: body.status === 'approved' && body.response_code === '0000',
        status: body.status,
        responseCode: body.response_code,
        body: json as Record<string, unknown>,
      },
    };
  }

  /**
   * Monri's order status (transaction-management API): `POST {api}/orders/show`, an `<order>` with
   * order-number, authenticity-token and digest SHA-1(key + order_number). The answer's `status`
   * and `response-code` decide (approved only with status approved and code 0000, as for the
   * callback); 404: Monri has no transaction for the number (the shopper never sent the card form,
   * which is also where an abandoned page ends).
   */
  async inquire(orderNumber: string): Promise<PaymentStatus> {
    const answer = await this.call(
      '/orders/show',
      buildXml('order', {
        order_number: orderNumber,
        authenticity_token: this.settings.authenticityToken,
        digest: orderStatusDigest(this.settings.key, orderNumber),
      }),
    );
    const none: PaymentStatus = {
      orderNumber,
      status: 'not_found',
      transactionType: null,
      transactionId: null,
      amountCents: null,
      currency: null,
      refundedCents: 0,
    };
    if (answer.status === 404) return none;
    const doc = answer.status === 200 || answer.status === 201 ? answer.doc : undefined;
    const f = doc?.fields;
    // What the answer carries is read; an order number is not required (Monri's own clients never
    // read one), but an answer that names ANOTHER order is not trusted.
    if (!f || !f.status) throw unavailable(`order status answered ${answer.status}`);
    if (f['order-number'] !== undefined && f['order-number'] !== orderNumber)
      throw unavailable(`order status answered for another order (${f['order-number']})`);
    const amount = /^\d{1,12}$/.test(f.amount ?? '') ? Number(f.amount) : null;
    const approved = f.status === 'approved' && f['response-code'] === '0000';
    const refunded = approved && (f['transaction-type'] === 'refund' || f['transaction-type'] === 'void');
    return {
      orderNumber,
      status: refunded
        ? 'refunded'
        : approved
          ? 'approved'
          : f.status === 'declined' || (f['response-code'] ?? '0000') !== '0000'
            ? 'declined'
            : 'pending',
      transactionType: f['transaction-type'] ?? null,
      transactionId: f.id ?? null,
      amountCents: amount,
      currency: f.currency ?? null,
      refundedCents: refunded && amount !== null ? amount : 0,
    };
  }

  /**
   * Monri's refund: `POST {api}/transactions/{order_number}/refund.xml`, a `<transaction>` with
   * amount (cents), currency, order-number, authenticity-token and digest SHA-1(key + order_number +
   * amount + currency). 201 with a `<transaction>` whose status is approved (code 0000) refunded the
   * amount; a declined transaction or a validation answer (`<errors>`, 4xx) is a refusal with
   * Monri's words. A wrong key or token (401/403), a 5xx or no answer: unavailable.
   */
  async refund(orderNumber: string, amountCents: number): Promise<RefundResult> {
    const result = await this.transaction('refund', orderNumber, amountCents);
    return result.status === 'done'
      ? { orderNumber, status: 'refunded', refundedCents: amountCents, message: null }
      : { orderNumber, status: 'refused', refundedCents: 0, message: result.message };
  }

  /** Monri's capture of an authorization: `POST {api}/transactions/{order_number}/capture.xml`, the same document and digest as a refund. */
  capture(orderNumber: string, amountCents: number): Promise<TransactionResult> {
    return this.transaction('capture', orderNumber, amountCents);
  }

  /** Monri's void of an authorization not captured: `POST {api}/transactions/{order_number}/void.xml`, the same document and digest. */
  void(orderNumber: string, amountCents: number): Promise<TransactionResult> {
    return this.transaction('void', orderNumber, amountCents);
  }

  /**
   * One transaction-management call: `POST {api}/transactions/{order_number}/{kind}.xml`, a
   * `<transaction>` with amount (cents), currency, digest SHA-1(key + order_number + amount +
   * currency), authenticity-token and order-number. 200/201 with a `<transaction>` whose status is
   * approved (code 0000) did it; a declined transaction or a validation answer (`<errors>`, 4xx) is
   * a refusal with Monri's words. A wrong key or token (401/403), a 5xx or no answer: unavailable.
   */
  private async transaction(kind: 'capture' | 'void' | 'refund', orderNumber: string, amountCents: number): Promise<TransactionResult> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw invalid('amount', `the ${kind} must be a positive number of cents`);
    if (!isValidOrderNumber(orderNumber)) throw invalid('order_number', 'the order number must be 1-40 letters, digits, - or _');
    const currency = 'EUR';
    const answer = await this.call(
      `/transactions/${encodeURIComponent(orderNumber)}/${kind}.xml`,
      buildXml('transaction', {
        amount: amountCents,
        currency,
        digest: transactionDigest(this.settings.key, orderNumber, amountCents, currency),
        authenticity_token: this.settings.authenticityToken,
        order_number: orderNumber,
      }),
    );
    const refused = (message: string): TransactionResult => ({ orderNumber, status: 'refused', message: message.slice(0, 500) });
    const doc = answer.doc;
    if ((answer.status === 200 || answer.status === 201) && doc?.root === 'transaction') {
      const f = doc.fields;
      if (f['order-number'] !== undefined && f['order-number'] !== orderNumber)
        throw unavailable(`${kind} answered for another order (${f['order-number']})`);
      if (f.status === 'approved' && f['response-code'] === '0000') return { orderNumber, status: 'done', message: null };
      return refused(f['response-message'] || `declined (${f['response-code'] ?? 'no response code'})`);
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403) {
      return refused(doc?.errors.length ? doc.errors.join('; ') : `refused (${answer.status})`);
    }
    throw unavailable(`${kind} answered ${answer.status}`);
  }

  private async call(path: string, xml: string): Promise<{ status: number; doc: XmlDocument | undefined }> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', accept: 'application/xml' },
        body: xml,
        redirect: 'error',
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw unavailable(`${path}: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    return { status: res.status, doc: parseXml(text) };
  }
}

function invalid(
  field:
    MonriLimitedField | 'amount' | 'currency' | 'transaction_type' | 'ch_country' | 'ch_email' | 'order_number' | `${string}_url_override`,
  why: string,
): PaymentError {
  return new PaymentError('PAYMENT_DATA_INVALID', `Monri field ${field}: ${why}`, field);
}

function required(field: MonriLimitedField, value: string | undefined): string {
  if (value === undefined) throw invalid(field, 'too short after cleaning');
  return value;
}

function unavailable(detail: string): PaymentError {
  return new PaymentError('PAYMENT_PROVIDER_UNAVAILABLE', `payment provider: ${detail}`);
}
