import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';
import { MailProcessor, MailQueue } from './send-mail.job.js';

/** Mail sending: MailQueue.enqueue() from anywhere, sent by MailProcessor (the mail queue's worker); needs the global APP_CONFIG and QueueModule. */
@Module({
  providers: [MailService, MailQueue, MailProcessor],
  exports: [MailService, MailQueue],
})
export class MailModule {}
