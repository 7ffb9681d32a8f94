import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EventPublisher } from '../../platform/events/index.js';
import { BirthdayDue } from './events/identity.events.js';
import { UserRepository } from './user.repository.js';

export const BIRTHDAY_TIME_ZONE = 'Europe/Zagreb';

/**
 * Which birthdays are due: every activated user whose birthday is today (Zagreb calendar) gets
 * `identity.birthday-due`, at most once a year. The (user, year) row in birthday_benefit is the
 * guard, written with the event in one transaction: a second run of the job, on any worker, finds
 * it and publishes nothing. People born on 29 February celebrate on the 28th in other years. What
 * the birthday brings (the cart's coupon, then its mail) follows the event.
 */
@Injectable()
export class BirthdayBenefits {
  private readonly logger = new Logger('identity');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventPublisher,
    private readonly users: UserRepository,
  ) {}

  /** Announces today's birthdays; `now` decides which day 'today' is in Zagreb. Returns how many were due. */
  async runDue(now: Date = new Date()): Promise<{ due: number; date: string }> {
    const date = zagrebDate(now);
    const [year, month, day] = date.split('-').map(Number);
    const leapDayToo = month === 2 && day === 28 && !isLeapYear(year);
    const candidates = await this.users.birthdaysWithoutBenefit(month, day, leapDayToo, year);
    let due = 0;
    for (const id of candidates) {
      if (await this.announce(id, year, date, now)) due++;
    }
    if (due) this.logger.log(`${due} birthday(s) due on ${date}`);
    return { due, date };
  }

  private async announce(userId: string, year: number, date: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (m) => {
      if (!(await this.users.claimBirthdayBenefit(m, userId, year))) return false; // another run got there first
      await this.events.publish(m, new BirthdayDue({ userId, year, date, dueAt: now.toISOString() }));
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
