import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../platform/mail/index.js';
import { ContactController } from './contact.controller.js';
import { ContactMessage } from './contact-message.entity.js';
import { ContactPersonalData } from './contact-personal-data.js';
import { ContactPersonalDataRepository } from './contact-personal-data.repository.js';
import { ContactService } from './contact.service.js';
import { ContactMailsListener } from './listeners/contact-mails.listener.js';
import { ContactMessageRepository } from './contact-message.repository.js';

/** The contact form: `POST /api/mail`, the stored messages, their mails (docs/contact.md). */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessage]), MailModule],
  controllers: [ContactController],
  providers: [ContactMessageRepository, ContactPersonalDataRepository, ContactService, ContactMailsListener, ContactPersonalData],
  exports: [ContactService, ContactPersonalData],
})
export class ContactModule {}
