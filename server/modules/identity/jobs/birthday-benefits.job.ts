import { Injectable } from '@nestjs/common';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { BIRTHDAY_TIME_ZONE, BirthdayBenefits } from '../birthday-benefits.js';

export const BIRTHDAY_JOB = 'identity.birthday-benefits';

/** Daily at 00:05 in Zagreb: announces the day's birthdays (BirthdayBenefits.runDue). */
@Injectable()
export class BirthdayBenefitsJob {
  constructor(private readonly benefits: BirthdayBenefits) {}

  @ScheduledJob(BIRTHDAY_JOB, { pattern: '5 0 * * *', tz: BIRTHDAY_TIME_ZONE })
  run(now: Date = new Date()): Promise<{ due: number; date: string }> {
    return this.benefits.runDue(now);
  }
}
