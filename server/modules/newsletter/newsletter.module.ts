import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../platform/mail/index.js';
import { IdentityModule } from '../identity/index.js';
import { AccountNewsletterListener } from './listeners/account-newsletter.listener.js';
import { NewsletterMailsListener } from './listeners/newsletter-mails.listener.js';
import { NewsletterAdminController } from './newsletter-admin.controller.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterSubscription } from './newsletter.entity.js';
import { NewsletterService } from './newsletter.service.js';
import './newsletter.errors.js';
import { NewsletterPersonalData } from './newsletter-personal-data.js';
import { NewsletterRepository } from './newsletter.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([NewsletterSubscription]), MailModule, IdentityModule],
  controllers: [NewsletterController, NewsletterAdminController],
  providers: [NewsletterRepository, NewsletterService, NewsletterMailsListener, AccountNewsletterListener, NewsletterPersonalData],
  exports: [NewsletterService, NewsletterPersonalData],
})
export class NewsletterModule {}
