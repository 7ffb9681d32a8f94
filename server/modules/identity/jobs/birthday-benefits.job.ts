import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { EventPublisher } from '../../../platform/events/index.js';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { CouponService } from '../../cart/index.js';
import { BirthdayCouponGranted } from '../events/identity.events.js';

export const BIRTHDAY_JOB = 'identity.birthday-benefits';
export const BIRTHDAY_TIME_ZONE = 'Europe/Zagreb';
/** The birthday coupon: this discount, valid this many days, usable once. */
export const BIRTHDAY_COUPON = { percent: 10, validDays: 30 } as const;

/**
 * Daily at 00:05 in Zagreb: every activated user whose birthday is today gets a one-time coupon
 * and a mail, at most once a year. The (user, year) row in birthday_benefit is the guard: a second
 * run of the job, on any worker, finds it and grants nothing. People born on 29 February celebrate
 * on the 28th in other years.
 */
@Injectable()
export class BirthdayBenefitsJob {
  private readonly logger = new Logger('identity');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly coupons: CouponService,
    private readonly events: EventPublisher,
  ) {}

  /** Grants today's birthday coupons; `now` decides which day 'today' is in Zagreb. Returns how many were granted. */
  @ScheduledJob(BIRTHDAY_JOB, { pattern: '5 0 * * *', tz: BIRTHDAY_TIME_ZONE })
  async run(now: Date = new Date()): Promise<{ granted: number; date: string }> {
    const date = zagrebDate(now);
    const [year, month, day] = date.split('-').map(Number);
    const leapDayToo = month === 2 && day === 28 && !isLeapYear(year);
    const candidates: Array<{ id: string }> = await this.db.query(
      `SELECT u.id FROM app_user u
        WHERE u.status = 'active' AND u.birth_date IS NOT NULL
          AND ((extract(month FROM u.birth_date) = $1 AND extract(day FROM u.birth_date) = $2)
               OR ($3 AND extract(month FROM u.birth_date) = 2 AND extract(day FROM u.birth_date) = 29))
          AND NOT EXISTS (SELECT 1 FROM birthday_benefit b WHERE b.user_id = u.id AND b.year = $4)`,
      [month, day, leapDayToo, year],
    );
    let granted = 0;
    for (const { id } of candidates) {
      if (await this.grant(id, year, now)) granted++;
    }
    if (granted) this.logger.log(`Granted ${granted} birthday coupon(s) for ${date}`);
    return { granted, date };
  }

  private async grant(userId: string, year: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const code = `ROD-${randomBytes(4).toString('hex').toUpperCase()}`;
      const claimed = await m.query(`INSERT INTO birthday_benefit (user_id, year, coupon_code) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`, [
        userId,
        year,
        code,
      ]);
      if (!claimed.length) return false; // another run got there first
      const validUntil = new Date(now.getTime() + BIRTHDAY_COUPON.validDays * 86_400_000);
      await this.coupons.create(
        { code, kind: 'percent', percent: BIRTHDAY_COUPON.percent, validFrom: now, validUntil, usageLimit: 1, perCustomerLimit: 1, customerKey: `user:${userId}` },
        m,
      );
      await this.events.publish(
        m,
        new BirthdayCouponGranted({ userId, couponCode: code, percent: BIRTHDAY_COUPON.percent, validUntil: zagrebDate(validUntil), year }),
      );
      return true;
    });
  }
}

/** The calendar date (YYYY-MM-DD) in Zagreb at `now`. */
export function zagrebDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BIRTHDAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
