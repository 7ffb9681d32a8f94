import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** Mail sending for whoever imports it (the send-mail job); needs the global APP_CONFIG. */
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
