import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ConfigModule, type AppConfig } from './config/index.js';
import { DatabaseModule } from './platform/database/index.js';
import { EventsModule } from './platform/events/index.js';
import { HealthModule } from './platform/health/index.js';
import { AuditModule } from './platform/audit/index.js';
import { MediaModule } from './platform/media/index.js';
import { BotCheckModule } from './platform/bot-check/index.js';
import { ApiExceptionFilter } from './platform/http/api-exception.filter.js';
import { InputCheckModule } from './platform/http/input-check.js';
import { MailModule } from './platform/mail/index.js';
import { QueueHealthCheck, QueueModule } from './platform/queue/index.js';
import { CatalogModule } from './modules/catalog/index.js';
import { CartModule } from './modules/cart/index.js';
import { IdentityModule } from './modules/identity/index.js';
import { RateLimitModule } from './platform/rate-limit/index.js';
import { OrderModule } from './modules/order/index.js';
import { InvoicingModule } from './modules/invoicing/index.js';
import { PaymentModule } from './modules/payment/index.js';
import { ContentModule } from './modules/content/index.js';
import { NewsletterModule } from './modules/newsletter/index.js';
import { ContactModule } from './modules/contact/index.js';
import { VideoModule } from './modules/video/index.js';
import { BackofficeModule } from './modules/backoffice/index.js';
import { RenderCacheModule } from './platform/ssr/index.js';
import { AdminAppModule } from './platform/admin-app/index.js';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
}

/**
 * The composition root: platform first, then business modules. The role (web, worker, all)
 * decides inside each platform part what runs (HTTP routes, relay, queue workers).
 */
@Module({})
export class AppModule {
  static register({ config, databaseUrl }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        InputCheckModule,
        DatabaseModule.forRoot(databaseUrl, config.database.poolSize),
        QueueModule.forRoot(),
        EventsModule.forRoot(),
        MailModule,
        RateLimitModule,
        BotCheckModule,
        HealthModule.register([QueueHealthCheck]),
        AuditModule,
        MediaModule,
        CatalogModule,
        CartModule,
        IdentityModule,
        OrderModule,
        InvoicingModule,
        PaymentModule,
        ContentModule,
        ContactModule,
        VideoModule,
        NewsletterModule,
        BackofficeModule,
        RenderCacheModule,
        // Last: its catch-all under /admin comes after the operators' server-rendered pages.
        AdminAppModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
