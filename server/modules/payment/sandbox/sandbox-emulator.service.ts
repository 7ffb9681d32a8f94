import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { PaymentSandboxCallbackOwed } from '../events/payment.events.js';
import type { Locale } from '../../../../contract/locales.js';
import {
  CALLBACK_AUTH_SCHEME,
  callbackDigest,
  digestsEqual,
  formDigest,
  orderStatusDigest,
  sha1DigestsEqual,
  signReturnUrl,
  transactionDigest,
} from '../monri/monri-digest.js';
import { buildErrorsXml, buildXml, parseXml } from '../monri/monri-xml.js';
import {
  isValidOrderNumber,
  localeOfMonriLanguage,
  MONRI_FIELD_LIMITS,
  MONRI_LANGUAGES,
  type MonriLimitedField,
} from '../monri/monri-fields.js';
import type { PaymentPageData } from './sandbox-page.js';
import { SandboxTransactionRepository, type TxRow } from './sandbox-transaction.repository.js';

/** The response code the sandbox sends for a declined card (anything but '0000' is not approved). */
export const SANDBOX_DECLINED_CODE = '1005';

export type FormResult = { ok: true; id: string } | { ok: false; locale: Locale; reason: string };

export type DecisionResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'declined'; tx: PaymentPageData; locale: Locale }
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

/** Monri's answer to a reused order_number: every transaction needs its own. */
export const DUPLICATE_ORDER_NUMBER_CODE = '1822';

export type SandboxChoice = 'approve' | 'decline' | 'cancel' | 'abandon';
export type SandboxManagement = 'capture' | 'void' | 'refund';

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
    private readonly events: EventPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: SandboxTransactionRepository,
  ) {}

  private get key(): string {
    return this.config.payment.monri.key;
  }

  /**
   * A form as the browser posted it. Refuses what Monri refuses: missing or repeated fields, a wrong
   * token or digest, values beyond the limits, and an order_number it has seen (Monri's 1822: each
   * transaction its own order_number), except that the same form posted again while its page is
   * still undecided (the browser's back button) opens that page again.
   */
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
    if (fields.transaction_type !== 'purchase' && fields.transaction_type !== 'authorize')
      return refuse('transaction_type must be purchase or authorize.');
    if (!(MONRI_LANGUAGES as readonly string[]).includes(fields.language!))
      return refuse(`language must be one of ${MONRI_LANGUAGES.join(', ')}.`);
    if (!/^[1-9]\d{2,10}$/.test(fields.amount!) || Number(fields.amount) > MAX_AMOUNT)
      return refuse('amount must be 3 to 11 digits of cents (at least 100).');
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
    const { digest: _digest, authenticity_token: _token, ...kept } = fields;
    const tx = await this.transactions.firstOf(fields.order_number!);
    if (tx) {
      const same = Object.entries(kept).every(([name, value]) => tx.form[name] === value);
      if (same && open(tx)) return { ok: true, id: tx.id };
      return refuse(
        `${DUPLICATE_ORDER_NUMBER_CODE}: the order_number ${fields.order_number} was used already (each transaction needs its own).`,
      );
    }
    const id = randomBytes(16).toString('hex');
    await this.transactions.insert({
      id,
      orderNumber: fields.order_number!,
      amount: Number(fields.amount),
      currency: fields.currency!,
      language: fields.language!,
      form: kept,
      transactionType: fields.transaction_type as TxRow['transaction_type'],
    });
    return { ok: true, id };
  }

  /** The page's data for a transaction id, or undefined. */
  async page(id: string): Promise<{ tx: PaymentPageData; locale: Locale } | undefined> {
    const tx = await this.find(id);
    return tx && { tx: pageData(tx), locale: localeOfMonriLanguage(tx.language) };
  }

  /**
   * The shopper's choice on the page, as Monri's page behaves:
   * - approve: decides the transaction (from the open page, also after declines), records the
   *   callback body and publishes the callback it owes in the same database transaction (delivered
   *   through the events outbox), then sends the browser to the signed success URL. The same click
   *   again (a retry after a lost answer) sends the browser there again; nothing is decided twice.
   * - decline: the card is refused; the buyer stays on the page, which says so and offers to try
   *   again or to cancel. No callback (Monri calls back only approved transactions); the status
   *   inquiry answers declined.
   * - cancel: back to the shop through the signed cancel URL; the page is closed.
   * - abandon ('close the tab'): the page is closed, the shop is told nothing.
   */
  async decide(id: string, choice: SandboxChoice): Promise<DecisionResult> {
    const tx = await this.find(id);
    if (!tx) return { kind: 'not_found' };
    const locale = localeOfMonriLanguage(tx.language);
    if (choice === 'approve' && tx.status === 'approved') return { kind: 'redirect', location: this.returnUrl(tx, 'success') };
    if (!open(tx)) return { kind: 'already_decided', tx: pageData(tx), locale };
    if (choice === 'abandon' || choice === 'cancel') {
      const rows = await this.transactions.leave(id, choice === 'cancel' ? 'cancelled' : 'abandoned');
      const updated = rows[0] ?? (await this.find(id))!;
      if (!rows.length) return { kind: 'already_decided', tx: pageData(updated), locale };
      return choice === 'cancel'
        ? { kind: 'redirect', location: this.returnUrl(updated, 'cancel') }
        : { kind: 'abandoned', tx: pageData(updated), locale };
    }
    if (choice === 'decline') {
      const rows = await this.transactions.decline(id);
      const updated = rows[0] ?? (await this.find(id))!;
      return rows.length ? { kind: 'declined', tx: pageData(updated), locale } : { kind: 'already_decided', tx: pageData(updated), locale };
    }
    const approvalCode = String(randomInt(100000, 1000000));
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
      response_code: '0000',
      response_message: 'approved',
      status: 'approved',
      transaction_type: tx.transaction_type,
      cc_type: 'visa',
      masked_pan: '411111******1111',
      language: tx.language,
      created_at: now.toISOString(),
    });
    let rows: TxRow[];
    try {
      rows = await this.db.transaction(async (manager) => {
        const updated = await this.transactions.approve(manager, id, approvalCode, callbackBody, now);
        if (updated.length)
          await this.events.publish(manager, new PaymentSandboxCallbackOwed({ transactionId: id, orderNumber: tx.order_number }));
        return updated;
      });
    } catch (err) {
      // The partial unique index: another transaction of the same order_number was approved meanwhile.
      if ((err as { driverError?: { code?: string } }).driverError?.code === '23505' || (err as { code?: string }).code === '23505')
        return { kind: 'refused', locale, reason: `The order ${tx.order_number} is already paid.` };
      throw err;
    }
    const decided = rows[0] ?? (await this.find(id))!;
    if (decided.status === 'approved') return { kind: 'redirect', location: this.returnUrl(decided, 'success') };
    return { kind: 'already_decided', tx: pageData(decided), locale };
  }

  /**
   * The signed success or cancel URL, as Monri builds it: the override URL, `?` and Monri's
   * parameters (a second `?` if the override had a query), then `&digest=`.
   */
  private returnUrl(tx: TxRow, outcome: 'success' | 'cancel'): string {
    const approved = tx.status === 'approved';
    const params = new URLSearchParams({
      acquirer: 'sandbox',
      amount: String(tx.amount),
      ...(approved && tx.approval_code ? { approval_code: tx.approval_code } : {}),
      currency: tx.currency,
      language: tx.language,
      order_number: tx.order_number,
      ...(approved || tx.status === 'declined'
        ? { response_code: approved ? '0000' : SANDBOX_DECLINED_CODE, response_message: approved ? 'approved' : 'declined' }
        : {}),
      transaction_type: tx.transaction_type,
    });
    const target = outcome === 'success' ? tx.form.success_url_override! : tx.form.cancel_url_override!;
    return signReturnUrl(this.key, target, params);
  }

  /**
   * Delivers the callback a transaction owes (the handler of payment.sandbox-callback-owed): done on
   * a 200; anything else throws, and the events outbox tries again with backoff (and recreates the
   * delivery if the queue lost it), the same bytes and signature each time.
   */
  async deliverCallback(id: string): Promise<{ status: number }> {
    const tx = await this.find(id);
    if (!tx?.callback_body) {
      this.logger.error(`sandbox transaction ${id} has no callback to send`);
      return { status: 0 };
    }
    if (tx.callback_delivered_at) return { status: 200 };
    await this.transactions.countCallbackAttempt(id);
    const res = await fetch(tx.form.callback_url_override!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `${CALLBACK_AUTH_SCHEME} ${callbackDigest(this.key, tx.callback_body)}`,
      },
      body: tx.callback_body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status !== 200) {
      this.logger.warn(`callback of ${tx.order_number} (${id}) answered ${res.status}; it will be retried`);
      throw new Error(`callback answered ${res.status}, not 200`);
    }
    await this.transactions.markCallbackDelivered(id);
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
    if (!this.authentic(f['authenticity-token']!, orderStatusDigest(this.key, orderNumber), f.digest!))
      return errors(401, 'Invalid authenticity-token or digest');
    const tx = await this.current(orderNumber);
    // Monri knows a transaction once a card was sent: approved, or declined (also when the buyer then cancelled).
    if (!tx || (tx.status !== 'approved' && tx.status !== 'declined')) return errors(404, 'Order not found');
    return { status: 200, xml: buildXml('transaction', transactionFields(tx)) };
  }

  /**
   * Capture, void and refund, as Monri's `POST /transactions/{order_number}/capture.xml`, `void.xml`
   * and `refund.xml`: a `<transaction>` with amount, currency, order-number (the path's),
   * authenticity-token and digest SHA-1(key + order_number + amount + currency). 201 with the new
   * transaction (status approved, code 0000); `<errors>` (406; 404 for an order_number without an
   * approved transaction) when it does not fit:
   * - capture: an authorization not voided nor captured yet, at most its amount (once);
   * - void: an authorization not captured nor voided, its whole amount;
   * - refund: at most what was captured (a purchase: its amount) minus what was refunded.
   */
  async manage(kind: SandboxManagement, pathOrderNumber: string, xml: string): Promise<XmlAnswer> {
    const doc = parseXml(xml);
    const f = doc?.root === 'transaction' ? doc.fields : undefined;
    if (
      !f ||
      !f['authenticity-token'] ||
      !f.digest ||
      !f.currency ||
      !/^[1-9]\d{0,10}$/.test(f.amount ?? '') ||
      Number(f.amount) > MAX_AMOUNT
    )
      return errors(
        406,
        'amount (positive whole cents), currency, order-number, authenticity-token and digest are required in a <transaction> document',
      );
    const orderNumber = f['order-number'];
    if (!isValidOrderNumber(pathOrderNumber) || orderNumber !== pathOrderNumber)
      return errors(406, 'order-number must be the order number of the URL');
    const amount = Number(f.amount);
    if (!this.authentic(f['authenticity-token']!, transactionDigest(this.key, orderNumber, f.amount!, f.currency), f.digest!))
      return errors(401, 'Invalid authenticity-token or digest');
    const paid = await this.transactions.approvedOf(orderNumber);
    if (!paid) return errors(404, 'Order not found');
    if (f.currency !== paid.currency) return errors(406, 'Currency differs from the original transaction');
    const refusals: Record<SandboxManagement, string> = {
      capture: 'Only an authorization not captured or voided can be captured, at most its amount',
      void: 'Only a whole authorization not captured or voided can be voided',
      refund: 'Amount exceeds what is left of the captured transaction',
    };
    const rows = await this.transactions.manage(kind, paid.id, amount);
    if (!rows.length) return errors(406, refusals[kind]);
    return {
      status: 201,
      xml: buildXml('transaction', {
        id: randomBytes(16).toString('hex'),
        order_number: orderNumber,
        amount,
        currency: paid.currency,
        transaction_type: kind,
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

  private async find(id: string): Promise<TxRow | undefined> {
    if (!TX_ID.test(id)) return undefined;
    return this.transactions.byId(id);
  }

  /** The transaction that speaks for an order: its approved one, else its latest attempt. */
  private current(orderNumber: string): Promise<TxRow | undefined> {
    return this.transactions.currentOf(orderNumber);
  }
}

/** Whether the page still takes a card: undecided, or declined (the buyer may try again) and not left. */
function open(tx: TxRow): boolean {
  return (tx.status === 'pending' || tx.status === 'declined') && tx.last_action !== 'cancelled' && tx.last_action !== 'abandoned';
}

function pageData(tx: TxRow): PaymentPageData {
  return {
    open: open(tx),
    id: tx.id,
    orderNumber: tx.order_number,
    amountCents: tx.amount,
    currency: tx.currency,
    buyerName: tx.form.ch_full_name ?? '',
    orderInfo: tx.form.order_info ?? '',
    status: tx.status,
  };
}

/**
 * The order's transaction as the status answer shows it: `transaction-type` the latest one (the
 * approval's `purchase` or `authorize`, then `capture`, `void`, `refund`); a refund only once the
 * whole captured amount went back.
 */
function transactionFields(tx: TxRow): Record<string, string | number> {
  const approved = tx.status === 'approved';
  const type =
    approved && tx.voided_at
      ? 'void'
      : approved && tx.captured_amount > 0 && tx.refunded_amount >= tx.captured_amount
        ? 'refund'
        : approved && tx.transaction_type === 'authorize' && tx.captured_amount > 0
          ? 'capture'
          : tx.transaction_type;
  return {
    id: tx.id,
    order_number: tx.order_number,
    amount: tx.amount,
    currency: tx.currency,
    transaction_type: type,
    status: approved ? 'approved' : 'declined',
    response_code: approved ? '0000' : SANDBOX_DECLINED_CODE,
    response_message: approved ? 'transaction approved' : 'transaction declined',
    approval_code: tx.approval_code ?? '',
  };
}

function errors(status: number, message: string): XmlAnswer {
  return { status, xml: buildErrorsXml([message]) };
}
