import { Module } from '@nestjs/common';
import { MailAttachmentSources } from './mail-attachments.js';
import { MailRedelivery } from './mail-redelivery.js';
import { MailService } from './mail.service.js';
import { MailProcessor, MailQueue } from './send-mail.job.js';

/** Mail sending: MailQueue.enqueue() from anywhere, recorded in PostgreSQL and sent by MailProcessor (the mail queue's worker), MailRedelivery re-adding jobs the queue lost; needs the global APP_CONFIG and QueueModule. */
@Module({
  providers: [MailService, MailQueue, MailProcessor, MailRedelivery, MailAttachmentSources],
  exports: [MailService, MailQueue, MailRedelivery, MailAttachmentSources],
})
export class MailModule {}
