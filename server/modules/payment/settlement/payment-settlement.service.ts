import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { type EventContext, EventPublisher, OnEvent } from '../../../platform/events/index.js';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { PaymentApproved, PaymentCallbackReceived, PaymentDeclined, PaymentFlagged } from '../events/payment.events.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type PaymentRefusal, type PaymentStatus } from '../payment-provider.js';
import { PaymentSettlementRepository, type SettlementAttemptRow } from './payment-settlement.repository.js';

/**
 * The payments-queue job that settled one stored callback before callbacks went through the outbox
 * (job id `settle-callback__<callback id>`); still processed, for jobs queued by an older release.
 */
export const SETTLE_CALLBACK_JOB = 'settle-callback';
/** The scheduled job that asks the provider about attempts without a callback. */
export const RECONCILE_JOB = 'payments.reconcile';
const RECONCILE_EVERY_MS = 60_000;
/** Attempts older than this are no longer inquired (an operator's matter by then; the unpaid order has long expired). */
const RECONCILE_MAX_AGE_MS = 2 * 86_400_000;
/** A stored callback not settled after this long is settled by reconciliation itself (its event's delivery is late: the queue away or slow). */
const SETTLE_LATE_CALLBACK_AFTER_MS = 60_000;
const BATCH = 100;

/** What the provider said about one order's payment: a verified callback or a status inquiry. */
export interface ProviderVerdict {
  source: 'callback' | 'inquiry';
  orderNumber: string;
  transactionId: string | null;
  /** Status 'approved' with response code '0000' (callback), or status 'approved' (inquiry). */
  approved: boolean;
  amountCents: number | null;
  currency: string | null;
  responseCode: string | null;
}

/** What settlement made of a verdict (stored on the callback row as `outcome`). */
export type SettlementOutcome =
  'approved' | 'declined' | 'flagged' | 'second_approval' | 'duplicate' | 'decline_after_approval' | 'already_settled' | 'unknown_order';

export type CallbackReceipt = { ok: true; callbackId: string } | { ok: false; reason: PaymentRefusal };

/**
 * Settles card payments (docs/payments.md 'Callback and settlement', 'Reconciliation'):
 * - `receiveCallback`: the raw body is verified by the provider adapter before anything is parsed
 *   or stored; a verified callback is stored once (the provider repeats it until it gets a 200),
 *   in one transaction with a payment.callback-received event in the outbox: its settlement is
 *   recorded in PostgreSQL, so the 200 needs PostgreSQL only, never the queue.
 * - `settle`: one transaction with the order's attempts locked, so it is idempotent and does not
 *   depend on the order callbacks arrive in. An approval with the attempt's amount and currency
 *   publishes payment.approved (once per order); another amount or currency flags the attempt for an
 *   operator (payment.flagged, never paid); a decline publishes payment.declined unless the order
 *   has an approval (an approval wins, earlier or later).
 * - `reconcile` (scheduled): asks the provider about attempts still pending after
 *   PAYMENT_RECONCILE_AFTER_MS and settles what it answers the same way, so a lost callback still
 *   settles.
 */
@Injectable()
export class PaymentSettlement {
  private readonly logger = new Logger('payment');

  constructor(
    private readonly db: DataSource,
    private readonly events: EventPublisher,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rows: PaymentSettlementRepository,
  ) {}

  /**
   * A callback as received. Refused (nothing stored, nothing queued) unless its signature over the
   * raw bytes verifies. Resolves once the callback and its payment.callback-received event are
   * committed together in PostgreSQL, so a 200 promises it will settle whatever the queue's state
   * (the outbox relays the event when the queue is back, and redelivers it if the queue loses it);
   * a throw (the database away) makes the provider send it again. A repeat finds its row stored and
   * adds nothing: the first one's event settles it.
   */
  async receiveCallback(rawBody: Buffer, authorization: string | undefined): Promise<CallbackReceipt> {
    const verified = this.provider.verifyCallback(rawBody, authorization);
    if (!verified.ok) return verified;
    const cb = verified.value;
    const key = {
      provider: this.config.payment.provider,
      transactionId: cb.transactionId,
      status: cb.status,
      responseCode: cb.responseCode,
    };
    const callbackId = await this.db.transaction(async (manager) => {
      const inserted = await this.rows.insertCallback(manager, {
        ...key,
        orderNumber: cb.orderNumber,
        amountCents: cb.amountCents,
        currency: cb.currency,
        rawBody: rawBody.toString('utf8'),
      });
      if (inserted) {
        await this.events.publish(manager, new PaymentCallbackReceived({ callbackId: inserted }));
        return inserted;
      }
      const known = await this.rows.callbackIdOf(manager, key);
      if (!known) throw new Error(`payment callback ${cb.transactionId} was neither stored nor found`);
      return known;
    });
    return { ok: true, callbackId };
  }

  /** Settles one stored callback once, in a transaction of its own (a repeated call finds it settled). */
  async settleCallback(callbackId: string): Promise<SettlementOutcome | 'not_found'> {
    return this.db.transaction((manager) => this.settleStoredCallback(manager, callbackId));
  }

  /**
   * The subscriber of payment.callback-received: settles the stored callback in the delivery's
   * transaction (the settlement, its payment.* event and the inbox row commit together).
   */
  @OnEvent(PaymentCallbackReceived, 'settle-payment-callback')
  async onCallbackReceived(event: PaymentCallbackReceived, { manager }: EventContext): Promise<void> {
    await this.settleStoredCallback(manager, event.payload.callbackId);
  }

  private async settleStoredCallback(manager: EntityManager, callbackId: string): Promise<SettlementOutcome | 'not_found'> {
    const cb = await this.rows.lockCallback(manager, callbackId);
    if (!cb) return 'not_found';
    if (cb.settled_at && cb.outcome) return cb.outcome;
    const outcome = await this.settle(manager, {
      source: 'callback',
      orderNumber: cb.order_number,
      transactionId: cb.transaction_id,
      approved: cb.status === 'approved' && cb.response_code === '0000',
      amountCents: Number(cb.amount),
      currency: cb.currency,
      responseCode: cb.response_code,
    });
    await this.rows.markCallbackSettled(manager, callbackId, outcome);
    return outcome;
  }

  /**
   * Applies one verdict to the order's payment attempts inside `manager`'s transaction (the attempts
   * are locked). `v.orderNumber` is what the provider names: an attempt's reference (mapped back to
   * its order and attempt), or, for attempts started before references existed, the order number.
   */
  async settle(manager: EntityManager, verdict: ProviderVerdict): Promise<SettlementOutcome> {
    const referenced = await this.rows.attemptByReference(manager, verdict.orderNumber);
    const v: ProviderVerdict = { ...verdict, orderNumber: referenced?.order_number ?? verdict.orderNumber };
    const attempts = await this.rows.lockAttemptsOf(manager, v.orderNumber);
    if (!attempts.length) {
      this.logger.warn(
        `payment ${v.source} for ${v.orderNumber} (transaction ${v.transactionId}): no payment attempt of that order; nothing settled`,
      );
      return 'unknown_order';
    }
    const approved = attempts.find((a) => a.status === 'approved');
    const target =
      attempts.find((a) => v.transactionId !== null && a.transaction_id === v.transactionId) ??
      attempts.find((a) => a.id === referenced?.id) ??
      attempts[0]!;
    const transactionId = v.transactionId ?? `${v.source}:${v.orderNumber}`;

    if (!v.approved) {
      if (approved) return 'decline_after_approval';
      if (target.status !== 'pending') return 'already_settled';
      await this.rows.markAttempt(manager, target.id, 'declined', v.transactionId);
      await this.events.publish(
        manager,
        new PaymentDeclined({ orderNumber: v.orderNumber, transactionId: v.transactionId, responseCode: v.responseCode }),
      );
      return 'declined';
    }

    if (approved) {
      if (approved.transaction_id === v.transactionId) return 'duplicate';
      this.logger.error(
        `payment ${v.source} for ${v.orderNumber}: a second approved transaction ${transactionId} of an order already paid by ${approved.transaction_id}; flagged for an operator`,
      );
      await this.events.publish(manager, new PaymentFlagged(this.flag(v, transactionId, approved, 'second_approval')));
      return 'second_approval';
    }
    if (target.status === 'flagged' && target.transaction_id === v.transactionId) return 'duplicate';

    const reason = v.amountCents !== target.amount ? 'amount_mismatch' : v.currency !== target.currency ? 'currency_mismatch' : null;
    if (reason) {
      await this.rows.flagAttempt(manager, target.id, reason, v.transactionId);
      this.logger.error(
        `payment ${v.source} for ${v.orderNumber}: approved ${v.amountCents} ${v.currency} (transaction ${transactionId}) but the attempt asked for ${target.amount} ${target.currency}; NOT paid, flagged for an operator`,
      );
      await this.events.publish(manager, new PaymentFlagged(this.flag(v, transactionId, target, reason)));
      return 'flagged';
    }
    await this.rows.markAttempt(manager, target.id, 'approved', v.transactionId);
    await this.events.publish(
      manager,
      new PaymentApproved({ orderNumber: v.orderNumber, amountCents: target.amount, currency: target.currency, transactionId }),
    );
    return 'approved';
  }

  /**
   * Reconciliation: every attempt still pending PAYMENT_RECONCILE_AFTER_MS after it started (and
   * not inquired within that time) is inquired at the provider and settled by its answer; a
   * callback stored but not settled (its job lost) is queued again. Idempotent; one failing
   * inquiry does not stop the others.
   */
  @ScheduledJob(RECONCILE_JOB, { every: RECONCILE_EVERY_MS })
  async reconcile(): Promise<{ inquired: number; settled: number; requeued: number }> {
    const now = Date.now();
    const cutoff = new Date(now - this.config.payment.reconcileAfterMs);
    // One inquiry per attempt reference (Monri knows each attempt by its own order_number); attempts
    // from before references existed are inquired by their order number.
    const due = await this.rows.dueForInquiry(cutoff, new Date(now - RECONCILE_MAX_AGE_MS), BATCH);
    let inquired = 0;
    let settled = 0;
    for (const orderNumber of due) {
      let status: PaymentStatus;
      try {
        status = await this.provider.inquire(orderNumber);
      } catch (err) {
        this.logger.warn(`reconciliation: inquiry about ${orderNumber} failed (${(err as Error).message}); tried again next run`);
        continue;
      }
      inquired += 1;
      const outcome = await this.db.transaction(async (manager) => {
        let result: SettlementOutcome | null = null;
        if (status.status === 'approved' || status.status === 'declined') {
          result = await this.settle(manager, {
            source: 'inquiry',
            orderNumber,
            transactionId: status.transactionId,
            approved: status.status === 'approved',
            amountCents: status.amountCents,
            currency: status.currency,
            responseCode: null,
          });
        } else if (status.status === 'refunded') {
          this.logger.warn(`reconciliation: ${orderNumber} is refunded at the provider but was never settled here; left for an operator`);
        }
        await this.rows.markInquired(manager, orderNumber);
        return result;
      });
      if (outcome === 'approved' || outcome === 'declined' || outcome === 'flagged') settled += 1;
    }
    const late = await this.rows.unsettledCallbackIds(new Date(now - SETTLE_LATE_CALLBACK_AFTER_MS), BATCH);
    for (const id of late) {
      try {
        await this.settleCallback(id);
      } catch (err) {
        this.logger.warn(`reconciliation: settling stored callback ${id} failed (${(err as Error).message}); tried again next run`);
      }
    }
    return { inquired, settled, requeued: late.length };
  }

  private flag(
    v: ProviderVerdict,
    transactionId: string,
    attempt: SettlementAttemptRow,
    reason: 'amount_mismatch' | 'currency_mismatch' | 'second_approval',
  ) {
    return {
      orderNumber: v.orderNumber,
      reason,
      transactionId,
      amountCents: Math.max(0, v.amountCents ?? 0),
      currency: v.currency?.slice(0, 3) || '???',
      expectedAmountCents: attempt.amount,
      expectedCurrency: attempt.currency,
    };
  }
}
