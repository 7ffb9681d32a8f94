import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SettlementOutcome } from './payment-settlement.service.js';

/** An attempt as settlement judges it. */
export interface SettlementAttemptRow {
  id: string;
  order_number: string;
  amount: number;
  currency: string;
  status: 'pending' | 'approved' | 'declined' | 'flagged';
  transaction_id: string | null;
}

/** A stored provider callback (table payment_callback). */
export interface CallbackRow {
  id: string;
  transaction_id: string;
  order_number: string;
  status: string;
  response_code: string;
  amount: string;
  currency: string;
  settled_at: Date | null;
  outcome: SettlementOutcome | null;
}

/** A verified callback to store. */
export interface NewCallback {
  provider: string;
  transactionId: string;
  status: string;
  responseCode: string;
  orderNumber: string;
  amountCents: number | null;
  currency: string | null;
  rawBody: string;
}

/** The SQL of settlement: stored callbacks (`payment_callback`) and the attempts' outcomes (`payment_attempt`). */
@Injectable()
export class PaymentSettlementRepository {
  constructor(private readonly db: DataSource) {}

  // ---------------------------------------------------------------- callbacks

  /** Stores a callback once per (provider, transaction, status, response code); the new row's id, or undefined when it was stored before. */
  async insertCallback(m: EntityManager, cb: NewCallback): Promise<string | undefined> {
    const inserted = (await m.query(
      `INSERT INTO payment_callback (provider, transaction_id, status, response_code, order_number, amount, currency, raw_body)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (provider, transaction_id, status, response_code) DO NOTHING RETURNING id`,
      [cb.provider, cb.transactionId, cb.status, cb.responseCode, cb.orderNumber, cb.amountCents, cb.currency, cb.rawBody],
    )) as Array<{ id: string }>;
    return inserted[0]?.id;
  }

  /** The id of the callback stored with this key. */
  async callbackIdOf(
    m: EntityManager,
    cb: Pick<NewCallback, 'provider' | 'transactionId' | 'status' | 'responseCode'>,
  ): Promise<string | undefined> {
    const [known] = (await m.query(
      `SELECT id FROM payment_callback WHERE provider = $1 AND transaction_id = $2 AND status = $3 AND response_code = $4`,
      [cb.provider, cb.transactionId, cb.status, cb.responseCode],
    )) as Array<{ id: string }>;
    return known?.id;
  }

  async lockCallback(m: EntityManager, callbackId: string): Promise<CallbackRow | undefined> {
    const [cb] = (await m.query(`SELECT * FROM payment_callback WHERE id = $1 FOR UPDATE`, [callbackId])) as CallbackRow[];
    return cb;
  }

  async markCallbackSettled(m: EntityManager, callbackId: string, outcome: SettlementOutcome): Promise<void> {
    await m.query(`UPDATE payment_callback SET settled_at = now(), outcome = $2 WHERE id = $1`, [callbackId, outcome]);
  }

  /** Stored callbacks not settled, received before `before`, oldest first. */
  async unsettledCallbackIds(before: Date, limit: number): Promise<string[]> {
    const late = (await this.db.query(
      `SELECT id FROM payment_callback WHERE settled_at IS NULL AND received_at < $1 ORDER BY received_at LIMIT ${Number(limit)}`,
      [before],
    )) as Array<{ id: string }>;
    return late.map((r) => r.id);
  }

  // ---------------------------------------------------------------- attempts

  /** The attempt with this provider reference. */
  async attemptByReference(m: EntityManager, reference: string): Promise<{ id: string; order_number: string } | undefined> {
    const [referenced] = (await m.query(`SELECT id, order_number FROM payment_attempt WHERE reference = $1`, [reference])) as Array<{
      id: string;
      order_number: string;
    }>;
    return referenced;
  }

  /** The order's attempts, newest first, locked until the transaction ends. */
  lockAttemptsOf(m: EntityManager, orderNumber: string): Promise<SettlementAttemptRow[]> {
    return m.query(
      `SELECT id, order_number, amount, currency, status, transaction_id FROM payment_attempt WHERE order_number = $1 ORDER BY created_at DESC, id FOR UPDATE`,
      [orderNumber],
    );
  }

  async flagAttempt(m: EntityManager, attemptId: string, reason: string, transactionId: string | null): Promise<void> {
    await m.query(
      `UPDATE payment_attempt SET status = 'flagged', flagged_reason = $2, transaction_id = $3, settled_at = now() WHERE id = $1`,
      [attemptId, reason, transactionId],
    );
  }

  /** The attempt approved or declined; an approved purchase is captured with it. */
  async markAttempt(m: EntityManager, attemptId: string, status: 'approved' | 'declined', transactionId: string | null): Promise<void> {
    await m.query(
      `UPDATE payment_attempt SET status = $2, transaction_id = $3, flagged_reason = NULL, settled_at = now(),
              captured_amount = CASE WHEN $2 = 'approved' AND transaction_type = 'purchase' THEN amount ELSE captured_amount END
        WHERE id = $1`,
      [attemptId, status, transactionId],
    );
  }

  /**
   * What the provider is asked about: the references (or, for old attempts, order numbers) of
   * attempts pending since before `pendingBefore` but started after `startedAfter`, not inquired
   * since `pendingBefore`, of orders without an approval; oldest first.
   */
  async dueForInquiry(pendingBefore: Date, startedAfter: Date, limit: number): Promise<string[]> {
    const due = (await this.db.query(
      `SELECT COALESCE(a.reference, a.order_number) AS order_number FROM payment_attempt a
        WHERE a.status = 'pending' AND a.created_at < $1 AND a.created_at > $2 AND (a.inquired_at IS NULL OR a.inquired_at < $1)
          AND NOT EXISTS (SELECT 1 FROM payment_attempt b WHERE b.order_number = a.order_number AND b.status = 'approved')
        GROUP BY COALESCE(a.reference, a.order_number) ORDER BY min(a.created_at) LIMIT ${Number(limit)}`,
      [pendingBefore, startedAfter],
    )) as Array<{ order_number: string }>;
    return due.map((r) => r.order_number);
  }

  /** The pending attempts named by `reference` (or an old attempt's order number) were inquired now. */
  async markInquired(m: EntityManager, reference: string): Promise<void> {
    await m.query(
      `UPDATE payment_attempt SET inquired_at = now() WHERE (reference = $1 OR (reference IS NULL AND order_number = $1)) AND status = 'pending'`,
      [reference],
    );
  }
}
