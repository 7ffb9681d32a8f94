import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** One attempt as the payment module keeps it (table payment_attempt). */
export interface AttemptRow {
  id: string;
  order_number: string;
  reference: string | null;
  amount: number;
  status: 'pending' | 'approved' | 'declined' | 'flagged';
  transaction_type: 'purchase' | 'authorize';
  captured_amount: number;
  refunded_amount: number;
  voided_at: Date | null;
  success_page: string | null;
  cancel_page: string | null;
}

/** What a new attempt records. */
export interface NewAttempt {
  orderNumber: string;
  reference: string;
  amount: number;
  currency: string;
  provider: string;
  transactionType: 'purchase' | 'authorize';
  successPage: string;
  cancelPage: string;
}

/** The SQL of payment attempts (`payment_attempt`) for starting payments and moving their money (PaymentService). */
@Injectable()
export class PaymentAttemptRepository {
  constructor(private readonly db: DataSource) {}

  /** Serializes the attempts of one order until the transaction ends (a transaction-scoped advisory lock). */
  async lockOrderAttempts(m: EntityManager, orderNumber: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`payment-attempt:${orderNumber}`]);
  }

  async countFor(m: EntityManager, orderNumber: string): Promise<number> {
    const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM payment_attempt WHERE order_number = $1`, [orderNumber])) as Array<{
      n: number;
    }>;
    return n;
  }

  async insert(m: EntityManager, a: NewAttempt): Promise<void> {
    await m.query(
      `INSERT INTO payment_attempt (order_number, reference, amount, currency, provider, transaction_type, success_page, cancel_page)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [a.orderNumber, a.reference, a.amount, a.currency, a.provider, a.transactionType, a.successPage, a.cancelPage],
    );
  }

  /** The shop's pages an attempt was started with, by its reference. */
  async pagesOf(reference: string): Promise<Pick<AttemptRow, 'success_page' | 'cancel_page'> | undefined> {
    const [row] = (await this.db.query(`SELECT success_page, cancel_page FROM payment_attempt WHERE reference = $1`, [
      reference,
    ])) as AttemptRow[];
    return row;
  }

  /** The order's approved attempt, locked until the transaction ends. */
  async approvedLocked(m: EntityManager, orderNumber: string): Promise<AttemptRow | undefined> {
    const rows = (await m.query(`SELECT * FROM payment_attempt WHERE order_number = $1 AND status = 'approved' FOR UPDATE`, [
      orderNumber,
    ])) as AttemptRow[];
    return rows[0];
  }

  /** What has been refunded of the order's approved attempt (undefined without one). */
  async refundedOfApproved(m: EntityManager, orderNumber: string): Promise<number | undefined> {
    const rows = (await m.query(`SELECT refunded_amount FROM payment_attempt WHERE order_number = $1 AND status = 'approved'`, [
      orderNumber,
    ])) as Array<{ refunded_amount: number }>;
    return rows[0]?.refunded_amount;
  }

  async setCaptured(m: EntityManager, attemptId: string, amount: number): Promise<void> {
    await m.query(`UPDATE payment_attempt SET captured_amount = $2 WHERE id = $1`, [attemptId, amount]);
  }

  /** The refunded total, at most what was captured. */
  async setRefunded(m: EntityManager, attemptId: string, refunded: number): Promise<void> {
    await m.query(`UPDATE payment_attempt SET refunded_amount = LEAST($2, captured_amount) WHERE id = $1`, [attemptId, refunded]);
  }

  async setVoided(m: EntityManager, attemptId: string): Promise<void> {
    await m.query(`UPDATE payment_attempt SET voided_at = now() WHERE id = $1`, [attemptId]);
  }
}
