import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { identityBirthdayDue } from '../../../../contract/events/identity.js';
import { type DomainEvent, type EventContext, type EventPayload, EventPublisher, OnEvent } from '../../../platform/events/index.js';
import { CouponService } from '../coupon.service.js';
import { BirthdayCouponIssued } from '../events/cart.events.js';

/** The birthday present: this discount, valid this many days from the day it is due, usable once, by its owner only. */
export const BIRTHDAY_COUPON = { percent: 10, validDays: 30 } as const;
const DAY_MS = 86_400_000;

/**
 * Gives the birthday present when identity says a birthday is due: a personal coupon, at most one
 * per (user, year) however often the event comes (the coupon's issue key), then
 * `cart.birthday-coupon-issued`, which identity mails. Both commit with the inbox row.
 */
@Injectable()
export class BirthdayCouponListener {
  constructor(
    private readonly coupons: CouponService,
    private readonly events: EventPublisher,
  ) {}

  @OnEvent(identityBirthdayDue, 'issue-birthday-coupon')
  async issue(event: DomainEvent<EventPayload<typeof identityBirthdayDue>>, { manager }: EventContext): Promise<void> {
    const { userId, year, dueAt } = event.payload;
    const validFrom = new Date(dueAt);
    const validUntil = new Date(validFrom.getTime() + BIRTHDAY_COUPON.validDays * DAY_MS);
    const coupon = await this.coupons.issueOnce(manager, `birthday:${userId}:${year}`, {
      code: `ROD-${randomBytes(4).toString('hex').toUpperCase()}`,
      kind: 'percent',
      percent: BIRTHDAY_COUPON.percent,
      validFrom,
      validUntil,
      usageLimit: 1,
      perCustomerLimit: 1,
      customerKey: `user:${userId}`,
    });
    if (!coupon) return; // this birthday's present exists (and was announced): nothing new
    await this.events.publish(
      manager,
      new BirthdayCouponIssued({
        userId,
        year,
        couponCode: coupon.code,
        percent: BIRTHDAY_COUPON.percent,
        validUntil: zagrebDate(validUntil),
      }),
    );
  }
}

/** The calendar date (YYYY-MM-DD) in Zagreb at `at`: the shop's day. */
function zagrebDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
