import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../platform/mail/index.js';
import { IdentityModule } from '../identity/index.js';
import { CampaignAdminController } from './campaigns/campaign-admin.controller.js';
import { CampaignAdminService } from './campaigns/campaign-admin.service.js';
import { CampaignDeliveryProcessor } from './campaigns/campaign-delivery.processor.js';
import { CampaignRepository } from './campaigns/campaign.repository.js';
import { AccountNewsletterListener } from './listeners/account-newsletter.listener.js';
import { NewsletterMailsListener } from './listeners/newsletter-mails.listener.js';
import { NewsletterAdminController } from './newsletter-admin.controller.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterSubscription } from './newsletter.entity.js';
import { NewsletterService } from './newsletter.service.js';
import './newsletter.errors.js';
import { NewsletterPersonalData } from './newsletter-personal-data.js';
import { NewsletterPersonalDataRepository } from './newsletter-personal-data.repository.js';
import { NewsletterRepository } from './newsletter.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([NewsletterSubscription]), MailModule, IdentityModule],
  controllers: [NewsletterController, NewsletterAdminController, CampaignAdminController],
  providers: [
    NewsletterRepository,
    NewsletterService,
    NewsletterMailsListener,
    AccountNewsletterListener,
    CampaignRepository,
    CampaignAdminService,
    CampaignDeliveryProcessor,
    NewsletterPersonalData,
    NewsletterPersonalDataRepository,
  ],
  exports: [NewsletterService, NewsletterPersonalData],
})
export class NewsletterModule {}
