import { Injectable, type OnModuleInit } from '@nestjs/common';
import { QueueName, QueueService } from '../../../platform/queue/index.js';
import { BIRTHDAY_TIME_ZONE, BirthdayBenefits } from '../birthday-benefits.js';

export const BIRTHDAY_JOB = 'identity.birthday-benefits';

/** Daily at 00:05 in Zagreb: announces the day's birthdays (BirthdayBenefits.runDue). */
@Injectable()
export class BirthdayBenefitsJob implements OnModuleInit {
  constructor(
    private readonly queues: QueueService,
    private readonly benefits: BirthdayBenefits,
  ) {}

  onModuleInit(): void {
    this.queues.process(QueueName.Scheduled, BIRTHDAY_JOB, () => this.run());
    this.queues.schedule(QueueName.Scheduled, BIRTHDAY_JOB, { pattern: '5 0 * * *', tz: BIRTHDAY_TIME_ZONE }, BIRTHDAY_JOB, {});
  }

  run(now: Date = new Date()): Promise<{ due: number; date: string }> {
    return this.benefits.runDue(now);
  }
}
