import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PaymentPageData } from './sandbox-page.js';

type TxStatus = PaymentPageData['status'];

/** One transaction of the sandbox emulator (table payment_sandbox_transaction). */
export interface TxRow {
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
  callback_delivered_at: Date | null;
  created_at: Date;
  transaction_type: 'purchase' | 'authorize';
  captured_amount: number;
  voided_at: Date | null;
  declines: number;
  /** The buyer's last step on the page: `declined`, `cancelled`, `abandoned`, or a management call (`capture`, `void`, `refund`). */
  last_action: string | null;
}

/** A management call on an approved transaction (Monri's capture, void and refund). */
export type SandboxManagementKind = 'capture' | 'void' | 'refund';

/** Still open on the page: undecided or declined, and neither cancelled nor abandoned. */
const OPEN = `status IN ('pending', 'declined') AND last_action IS DISTINCT FROM 'cancelled' AND last_action IS DISTINCT FROM 'abandoned'`;

/** What each management call changes, and when it may (`$2`: its amount). */
const MANAGEMENT: Record<SandboxManagementKind, { set: string; where: string }> = {
  capture: {
    set: 'captured_amount = $2',
    where: `transaction_type = 'authorize' AND voided_at IS NULL AND captured_amount = 0 AND $2 <= amount`,
  },
  void: { set: 'voided_at = now()', where: `transaction_type = 'authorize' AND voided_at IS NULL AND captured_amount = 0 AND $2 = amount` },
  refund: { set: 'refunded_amount = refunded_amount + $2', where: 'refunded_amount + $2 <= captured_amount' },
};

/** The SQL of the sandbox emulator's transactions (SandboxEmulator). Updates answer the rows they changed (none: the condition no longer held). */
@Injectable()
export class SandboxTransactionRepository {
  constructor(private readonly db: DataSource) {}

  async byId(id: string): Promise<TxRow | undefined> {
    return (await this.db.query<TxRow[]>(`SELECT * FROM payment_sandbox_transaction WHERE id = $1`, [id]))[0];
  }

  /** The first transaction of an order number. */
  async firstOf(orderNumber: string): Promise<TxRow | undefined> {
    return (
      await this.db.query<TxRow[]>(`SELECT * FROM payment_sandbox_transaction WHERE order_number = $1 ORDER BY created_at LIMIT 1`, [
        orderNumber,
      ])
    )[0];
  }

  /** The transaction that speaks for an order: its approved one, else its latest attempt. */
  async currentOf(orderNumber: string): Promise<TxRow | undefined> {
    return (
      await this.db.query<TxRow[]>(
        `SELECT * FROM payment_sandbox_transaction WHERE order_number = $1 ORDER BY (status = 'approved') DESC, created_at DESC, id LIMIT 1`,
        [orderNumber],
      )
    )[0];
  }

  async approvedOf(orderNumber: string): Promise<TxRow | undefined> {
    return (
      await this.db.query<TxRow[]>(`SELECT * FROM payment_sandbox_transaction WHERE order_number = $1 AND status = 'approved'`, [
        orderNumber,
      ])
    )[0];
  }

  async insert(tx: {
    id: string;
    orderNumber: string;
    amount: number;
    currency: string;
    language: string;
    form: Record<string, string | undefined>;
    transactionType: TxRow['transaction_type'];
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO payment_sandbox_transaction (id, order_number, amount, currency, language, form, transaction_type) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [tx.id, tx.orderNumber, tx.amount, tx.currency, tx.language, JSON.stringify(tx.form), tx.transactionType],
    );
  }

  /** The buyer left the page (cancelled or abandoned) while it was open. */
  leave(id: string, lastAction: 'cancelled' | 'abandoned'): Promise<TxRow[]> {
    return this.update(
      `UPDATE payment_sandbox_transaction SET status = CASE WHEN status = 'pending' THEN 'abandoned' ELSE status END, last_action = $2, decided_at = coalesce(decided_at, now())
        WHERE id = $1 AND ${OPEN} RETURNING *`,
      [id, lastAction],
    );
  }

  decline(id: string): Promise<TxRow[]> {
    return this.update(
      `UPDATE payment_sandbox_transaction SET status = 'declined', declines = declines + 1, last_action = 'declined', decided_at = now()
        WHERE id = $1 AND ${OPEN} RETURNING *`,
      [id],
    );
  }

  /** Approves an open transaction with the callback it owes (a purchase captured at once), in `m`'s transaction. */
  async approve(m: EntityManager, id: string, approvalCode: string, callbackBody: string, at: Date): Promise<TxRow[]> {
    const [updated] = (await m.query(
      `UPDATE payment_sandbox_transaction
          SET status = 'approved', approval_code = $2, callback_body = $3, decided_at = $4, last_action = NULL,
              captured_amount = CASE WHEN transaction_type = 'purchase' THEN amount ELSE 0 END
        WHERE id = $1 AND ${OPEN} RETURNING *`,
      [id, approvalCode, callbackBody, at],
    )) as [TxRow[], number];
    return updated;
  }

  manage(kind: SandboxManagementKind, id: string, amount: number): Promise<TxRow[]> {
    const c = MANAGEMENT[kind];
    return this.update(
      `UPDATE payment_sandbox_transaction SET ${c.set}, last_action = '${kind}' WHERE id = $1 AND ${c.where} RETURNING *`,
      [id, amount],
    );
  }

  async countCallbackAttempt(id: string): Promise<void> {
    await this.db.query(`UPDATE payment_sandbox_transaction SET callback_attempts = callback_attempts + 1 WHERE id = $1`, [id]);
  }

  async markCallbackDelivered(id: string): Promise<void> {
    await this.db.query(`UPDATE payment_sandbox_transaction SET callback_delivered_at = now() WHERE id = $1`, [id]);
  }

  /** An UPDATE … RETURNING: TypeORM's PostgreSQL driver answers [rows, count] for it. */
  private async update(sql: string, params: unknown[]): Promise<TxRow[]> {
    const [rows] = await this.db.query<[TxRow[], number]>(sql, params);
    return rows;
  }
}
