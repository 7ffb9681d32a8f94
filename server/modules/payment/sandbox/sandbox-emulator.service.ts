import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { QueueName, QueueService } from '../../../platform/queue/index.js';
import type { Locale } from '../../../../contract/locales.js';
import { CALLBACK_AUTH_SCHEME, callbackDigest, digestsEqual, formDigest, orderStatusDigest, refundDigest, sha1DigestsEqual, signReturnUrl } from '../monri/monri-digest.js';
import { buildErrorsXml, buildXml, parseXml } from '../monri/monri-xml.js';
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

/** An XML answer of the order status and refund endpoints. */
export interface XmlAnswer {
  status: number;
  xml: string;
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

  /**
   * Order status, as Monri's `POST /orders/show`: an `<order>` with order-number, authenticity-token and
   * digest SHA-1(key + order_number). 200 with the order's transaction (`status`, `response-code`,
   * `transaction-type` purchase, or refund once the whole amount went back); 404 while no card was
   * decided (the page is open, or was abandoned), as Monri knows no transaction then.
   */
  async status(xml: string): Promise<XmlAnswer> {
    const doc = parseXml(xml);
    const f = doc?.root === 'order' ? doc.fields : undefined;
    if (!f || !isValidOrderNumber(f['order-number'] ?? '') || !f['authenticity-token'] || !f.digest)
      return errors(406, 'order-number, authenticity-token and digest are required in an <order> document');
    const orderNumber = f['order-number']!;
    if (!this.authentic(f['authenticity-token']!, orderStatusDigest(this.key, orderNumber), f.digest!)) return errors(401, 'Invalid authenticity-token or digest');
    const tx = await this.current(orderNumber);
    if (!tx || (tx.status !== 'approved' && tx.status !== 'declined')) return errors(404, 'Order not found');
    return { status: 200, xml: buildXml('transaction', transactionFields(tx)) };
  }

  /**
   * Refund, as Monri's `POST /transactions/{order_number}/refund.xml`: a `<transaction>` with amount,
   * currency, order-number (the path's), authenticity-token and digest SHA-1(key + order_number +
   * amount + currency). 201 with the refund transaction (status approved, code 0000); 406 with
   * `<errors>` when nothing approved is left to refund, or the amount or currency do not fit.
   */
  async refund(pathOrderNumber: string, xml: string): Promise<XmlAnswer> {
    const doc = parseXml(xml);
    const f = doc?.root === 'transaction' ? doc.fields : undefined;
    if (!f || !f['authenticity-token'] || !f.digest || !f.currency || !/^[1-9]\d{0,9}$/.test(f.amount ?? '') || Number(f.amount) > MAX_AMOUNT)
      return errors(406, 'amount (positive whole cents), currency, order-number, authenticity-token and digest are required in a <transaction> document');
    const orderNumber = f['order-number'];
    if (!isValidOrderNumber(pathOrderNumber) || orderNumber !== pathOrderNumber) return errors(406, 'order-number must be the order number of the URL');
    const amount = Number(f.amount);
    if (!this.authentic(f['authenticity-token']!, refundDigest(this.key, orderNumber, f.amount!, f.currency), f.digest!)) return errors(401, 'Invalid authenticity-token or digest');
    const paid = (await this.db.query<TxRow[]>(`SELECT * FROM payment_sandbox_transaction WHERE order_number = $1 AND status = 'approved'`, [orderNumber]))[0];
    if (!paid) return errors(404, 'Order not found');
    if (f.currency !== paid.currency) return errors(406, 'Currency differs from the original transaction');
    const rows = await this.update(
      `UPDATE payment_sandbox_transaction SET refunded_amount = refunded_amount + $2 WHERE id = $1 AND refunded_amount + $2 <= amount RETURNING *`,
      [paid.id, amount],
    );
    if (!rows.length) return errors(406, 'Amount exceeds what is left of the original transaction');
    return {
      status: 201,
      xml: buildXml('transaction', {
        id: randomBytes(16).toString('hex'),
        order_number: orderNumber,
        amount,
        currency: paid.currency,
        transaction_type: 'refund',
        status: 'approved',
        response_code: '0000',
        response_message: 'transaction approved',
        approval_code: paid.approval_code ?? '',
      }),
    };
  }

  private authentic(token: string, expectedDigest: string, digest: string): boolean {
    const tokenOk = token === this.config.payment.monri.authenticityToken;
    const digestOk = sha1DigestsEqual(expectedDigest, digest);
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

/** The order's transaction as the status answer shows it; fully refunded: transaction-type refund. */
function transactionFields(tx: TxRow): Record<string, string | number> {
  const approved = tx.status === 'approved';
  return {
    id: tx.id,
    order_number: tx.order_number,
    amount: tx.amount,
    currency: tx.currency,
    transaction_type: approved && tx.refunded_amount >= tx.amount ? 'refund' : 'purchase',
    status: approved ? 'approved' : 'declined',
    response_code: approved ? '0000' : SANDBOX_DECLINED_CODE,
    response_message: approved ? 'transaction approved' : 'transaction declined',
    approval_code: tx.approval_code ?? '',
  };
}

function errors(status: number, message: string): XmlAnswer {
  return { status, xml: buildErrorsXml([message]) };
}
