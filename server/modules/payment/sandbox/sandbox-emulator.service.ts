import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { QueueName, QueueService } from '../../../platform/queue/index.js';
import type { Locale } from '../../../../contract/locales.js';
import { CALLBACK_AUTH_SCHEME, callbackDigest, digestsEqual, formDigest, inquiryDigest, signReturnUrl } from '../monri/monri-digest.js';
import { isValidOrderNumber, localeOfMonriLanguage, MONRI_FIELD_LIMITS, type MonriLimitedField } from '../monri/monri-fields.js';
import type { PaymentPageData } from './sandbox-page.js';

export const SANDBOX_CALLBACK_JOB = 'sandbox-callback';

/** The response code the sandbox sends for a declined card (anything but '0000' is not approved). */
export const SANDBOX_DECLINED_CODE = '1005';

type TxStatus = PaymentPageData['status'];

interface TxRow {
  id: string;
  order_number: string;
  amount: number;
  currency: string;
  language: string;
  form: Record<string, string>;
  status: TxStatus;
  approval_code: string | null;
  refunded_amount: number;
  callback_body: string | null;
  created_at: Date;
}

export type FormResult = { ok: true; id: string } | { ok: false; locale: Locale; reason: string };

export type DecisionResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'abandoned'; tx: PaymentPageData; locale: Locale }
  | { kind: 'already_decided'; tx: PaymentPageData; locale: Locale }
  | { kind: 'refused'; locale: Locale; reason: string }
  | { kind: 'not_found' };

/** A JSON answer of the inquiry and refund endpoints. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

const REQUIRED_FIELDS = [
  'ch_full_name',
  'ch_address',
  'ch_city',
  'ch_zip',
  'ch_country',
  'ch_phone',
  'ch_email',
  'order_info',
  'order_number',
  'amount',
  'currency',
  'language',
  'transaction_type',
  'authenticity_token',
  'digest',
  'success_url_override',
  'cancel_url_override',
  'callback_url_override',
] as const;

const TX_ID = /^[0-9a-f]{32}$/;
const MAX_AMOUNT = 2_147_483_647;

const statusRequest = z.object({ order_number: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), authenticity_token: z.string().max(200), digest: z.string().max(200) });
const refundRequest = statusRequest.extend({ amount: z.number().int().positive().max(MAX_AMOUNT), currency: z.string().max(3) });

const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The emulator of Monri WebPay's hosted page (PAYMENT_PROVIDER=sandbox), speaking the form protocol
 * the adapter speaks: it checks the form's digest and token, shows the choices, answers with a
 * signed redirect, sends the signed JSON callback through the payments queue (retried with backoff
 * until the shop answers 200), and answers status inquiries and refunds. State is in PostgreSQL
 * (payment_sandbox_transaction). The HTTP side is sandbox.routes.ts.
 */
@Injectable()
export class SandboxEmulator {
  private readonly logger = new Logger('payment-sandbox');

  constructor(
    private readonly db: DataSource,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get key(): string {
    return this.config.payment.monri.key;
  }

  /** A form as the browser posted it. Refuses what Monri refuses: missing or repeated fields, a wrong token or digest, values beyond the limits, a paid order. */
  async receiveForm(form: URLSearchParams): Promise<FormResult> {
    const locale = localeOfMonriLanguage(form.get('language') ?? undefined);
    const refuse = (reason: string): FormResult => ({ ok: false, locale, reason });
    const fields: Record<string, string> = {};
    for (const name of REQUIRED_FIELDS) {
      const values = form.getAll(name);
      if (values.length !== 1 || values[0]!.trim() === '') return refuse(`The field ${name} is missing (or sent more than once).`);
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(values[0]!)) return refuse(`The field ${name} contains control characters.`);
      fields[name] = values[0]!;
    }
    // The token names the merchant (it travels in the form, it is no secret); the digest is the proof.
    if (fields.authenticity_token !== this.config.payment.monri.authenticityToken) return refuse('Unknown authenticity_token.');
    if (fields.transaction_type !== 'purchase') return refuse('transaction_type must be purchase.');
    if (!/^[1-9]\d{0,9}$/.test(fields.amount!) || Number(fields.amount) > MAX_AMOUNT) return refuse('amount must be a positive whole number of cents.');
    if (fields.currency !== 'EUR') return refuse('currency must be EUR.');
    if (!isValidOrderNumber(fields.order_number!)) return refuse('order_number must be 1-40 letters, digits, - or _.');
    if (!digestsEqual(formDigest(this.key, fields.order_number!, fields.amount!, fields.currency!), fields.digest))
      return refuse('The digest does not match (SHA-512 of key + order_number + amount + currency).');
    for (const [name, { min, max }] of Object.entries(MONRI_FIELD_LIMITS) as Array<[MonriLimitedField, { min: number; max: number }]>) {
      const length = [...fields[name]!].length;
      if (length < min || length > max) return refuse(`${name} must have ${min} to ${max} characters.`);
    }
    for (const name of ['success_url_override', 'cancel_url_override', 'callback_url_override'] as const) {
      if (!isHttpUrl(fields[name]!) || fields[name]!.length > 2000) return refuse(`${name} must be an absolute http(s) URL.`);
    }
    const paid = await this.db.query<Array<{ id: string }>>(`SELECT id FROM payment_sandbox_transaction WHERE order_number = $1 AND status = 'approved'`, [fields.order_number]);
    if (paid.length) return refuse(`The order ${fields.order_number} is already paid.`);
    const { digest: _digest, authenticity_token: _token, ...kept } = fields;
    const id = randomBytes(16).toString('hex');
    await this.db.query(
      `INSERT INTO payment_sandbox_transaction (id, order_number, amount, currency, language, form) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, fields.order_number, Number(fields.amount), fields.currency, fields.language, JSON.stringify(kept)],
    );
    return { ok: true, id };
  }

  /** The page's data for a transaction id, or undefined. */
  async page(id: string): Promise<{ tx: PaymentPageData; locale: Locale } | undefined> {
    const tx = await this.find(id);
    return tx && { tx: pageData(tx), locale: localeOfMonriLanguage(tx.language) };
  }

  /**
   * The shopper's choice. Approve and decline decide a pending transaction once (a second click, or
   * another tab, finds it decided), store the callback body, queue its delivery and send the browser
   * to the signed success or cancel URL. Abandon ('close the tab') tells the shop nothing.
   */
  async decide(id: string, choice: 'approve' | 'decline' | 'abandon'): Promise<DecisionResult> {
    const tx = await this.find(id);
    if (!tx) return { kind: 'not_found' };
    const locale = localeOfMonriLanguage(tx.language);
    if (tx.status !== 'pending') return { kind: 'already_decided', tx: pageData(tx), locale };
    if (choice === 'abandon') {
      const rows = await this.update(`UPDATE payment_sandbox_transaction SET status = 'abandoned', decided_at = now() WHERE id = $1 AND status = 'pending' RETURNING *`, [id]);
      const updated = rows[0] ?? (await this.find(id))!;
      return rows.length ? { kind: 'abandoned', tx: pageData(updated), locale } : { kind: 'already_decided', tx: pageData(updated), locale };
    }
    const approved = choice === 'approve';
    const approvalCode = approved ? String(randomInt(100000, 1000000)) : null;
    const responseCode = approved ? '0000' : SANDBOX_DECLINED_CODE;
    const responseMessage = approved ? 'approved' : 'declined';
    const now = new Date();
    const callbackBody = JSON.stringify({
      id: tx.id,
      acquirer: 'sandbox',
      order_number: tx.order_number,
      amount: tx.amount,
      currency: tx.currency,
      outgoing_amount: tx.amount,
      outgoing_currency: tx.currency,
      ch_full_name: tx.form.ch_full_name,
      ch_email: tx.form.ch_email,
      approval_code: approvalCode,
      response_code: responseCode,
      response_message: responseMessage,
      status: approved ? 'approved' : 'declined',
      transaction_type: 'purchase',
      cc_type: 'visa',
      masked_pan: '411111******1111',
      language: tx.language,
      created_at: now.toISOString(),
    });
    let rows: TxRow[];
    try {
      rows = await this.update(
        `UPDATE payment_sandbox_transaction SET status = $2, approval_code = $3, callback_body = $4, decided_at = $5
          WHERE id = $1 AND status = 'pending' RETURNING *`,
        [id, approved ? 'approved' : 'declined', approvalCode, callbackBody, now],
      );
    } catch (err) {
      // The partial unique index: another attempt of the same order was approved meanwhile.
      if ((err as { driverError?: { code?: string } }).driverError?.code === '23505' || (err as { code?: string }).code === '23505')
        return { kind: 'refused', locale, reason: `The order ${tx.order_number} is already paid.` };
      throw err;
    }
    if (!rows.length) return { kind: 'already_decided', tx: pageData((await this.find(id))!), locale };
    await this.queues.add(QueueName.Payments, SANDBOX_CALLBACK_JOB, { transactionId: id }, { jobId: `${SANDBOX_CALLBACK_JOB}__${id}` });

    const params = new URLSearchParams({
      acquirer: 'sandbox',
      amount: String(tx.amount),
      ...(approvalCode ? { approval_code: approvalCode } : {}),
      currency: tx.currency,
      language: tx.language,
      order_number: tx.order_number,
      response_code: responseCode,
      response_message: responseMessage,
      transaction_type: 'purchase',
    });
    const target = approved ? tx.form.success_url_override! : tx.form.cancel_url_override!;
    return { kind: 'redirect', location: signReturnUrl(this.key, `${target}${target.includes('?') ? '&' : '?'}${params.toString()}`) };
  }

  /** One delivery attempt of a transaction's callback (a payments-queue job): done on 200, otherwise it throws and BullMQ retries with backoff. */
  async deliverCallback(id: string): Promise<{ status: number }> {
    const tx = await this.find(id);
    // No retry can help: the job stays failed and visible on the dashboard.
    if (!tx?.callback_body) throw new UnrecoverableError(`sandbox transaction ${id} has no callback to send`);
    await this.db.query(`UPDATE payment_sandbox_transaction SET callback_attempts = callback_attempts + 1 WHERE id = $1`, [id]);
    const res = await fetch(tx.form.callback_url_override!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `${CALLBACK_AUTH_SCHEME} ${callbackDigest(this.key, tx.callback_body)}` },
      body: tx.callback_body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status !== 200) {
      this.logger.warn(`callback of ${tx.order_number} (${id}) answered ${res.status}; it will be retried`);
      throw new Error(`callback answered ${res.status}, not 200`);
    }
    await this.db.query(`UPDATE payment_sandbox_transaction SET callback_delivered_at = now() WHERE id = $1`, [id]);
    return { status: res.status };
  }

  /** Status inquiry: `{ order_number, authenticity_token, digest: SHA-512(key + order_number) }`. */
  async status(body: unknown): Promise<ApiAnswer> {
    const parsed = statusRequest.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: 'order_number, authenticity_token and digest are required' } };
    const q = parsed.data;
    if (!this.authentic(q.authenticity_token, inquiryDigest(this.key, q.order_number), q.digest)) return { status: 401, body: { error: 'bad authenticity_token or digest' } };
    const tx = await this.current(q.order_number);
    if (!tx) return { status: 404, body: { order_number: q.order_number, status: 'not_found' } };
    return { status: 200, body: statusBody(tx) };
  }

  /** Refund of an approved payment: `{ order_number, amount, currency, authenticity_token, digest: SHA-512(key + order_number + amount + currency) }`. */
  async refund(body: unknown): Promise<ApiAnswer> {
    const parsed = refundRequest.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: 'order_number, amount (positive integer cents), currency, authenticity_token and digest are required' } };
    const q = parsed.data;
    if (!this.authentic(q.authenticity_token, formDigest(this.key, q.order_number, q.amount, q.currency), q.digest)) return { status: 401, body: { error: 'bad authenticity_token or digest' } };
    const refused = (message: string, refunded = 0): ApiAnswer => ({ status: 422, body: { order_number: q.order_number, status: 'refused', refunded_amount: refunded, message } });
    const paid = (await this.db.query<TxRow[]>(`SELECT * FROM payment_sandbox_transaction WHERE order_number = $1 AND status = 'approved'`, [q.order_number]))[0];
    if (!paid) return refused('no approved payment for this order');
    if (q.currency !== paid.currency) return refused('currency differs from the payment', paid.refunded_amount);
    const rows = await this.update(
      `UPDATE payment_sandbox_transaction SET refunded_amount = refunded_amount + $2 WHERE id = $1 AND refunded_amount + $2 <= amount RETURNING *`,
      [paid.id, q.amount],
    );
    if (!rows.length) return refused('the refund exceeds what is left of the payment', paid.refunded_amount);
    return { status: 200, body: { order_number: q.order_number, status: 'refunded', refunded_amount: rows[0]!.refunded_amount, message: null } };
  }

  private authentic(token: string, expectedDigest: string, digest: string): boolean {
    const tokenOk = token === this.config.payment.monri.authenticityToken;
    const digestOk = digestsEqual(expectedDigest, digest);
    return tokenOk && digestOk;
  }

  /** An UPDATE … RETURNING: TypeORM's PostgreSQL driver answers [rows, count] for it. */
  private async update(sql: string, params: unknown[]): Promise<TxRow[]> {
    const [rows] = await this.db.query<[TxRow[], number]>(sql, params);
    return rows;
  }

  private async find(id: string): Promise<TxRow | undefined> {
    if (!TX_ID.test(id)) return undefined;
    return (await this.db.query<TxRow[]>(`SELECT * FROM payment_sandbox_transaction WHERE id = $1`, [id]))[0];
  }

  /** The transaction that speaks for an order: its approved one, else its latest attempt. */
  private async current(orderNumber: string): Promise<TxRow | undefined> {
    return (
      await this.db.query<TxRow[]>(
        `SELECT * FROM payment_sandbox_transaction WHERE order_number = $1 ORDER BY (status = 'approved') DESC, created_at DESC, id LIMIT 1`,
        [orderNumber],
      )
    )[0];
  }
}

function pageData(tx: TxRow): PaymentPageData {
  return {
    id: tx.id,
    orderNumber: tx.order_number,
    amountCents: tx.amount,
    currency: tx.currency,
    buyerName: tx.form.ch_full_name ?? '',
    orderInfo: tx.form.order_info ?? '',
    status: tx.status,
  };
}

function statusBody(tx: TxRow): Record<string, unknown> {
  const status = tx.status === 'approved' ? (tx.refunded_amount >= tx.amount ? 'refunded' : 'approved') : tx.status === 'declined' ? 'declined' : 'pending';
  return { order_number: tx.order_number, status, id: tx.id, amount: tx.amount, currency: tx.currency, refunded_amount: tx.refunded_amount };
}
