import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { MailModule } from '../../platform/mail/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OrderModule } from '../order/index.js';
import { CisEmulator } from './fiscal/index.js';
import { FiscalizationRunner } from './fiscalization/fiscalization-runner.js';
import { InvoiceController } from './invoice.controller.js';
import { InvoiceFiles } from './invoice-files.js';
import { InvoiceIssuer } from './invoice-issuer.js';
import { InvoiceMails } from './invoice-mails.js';
import { InvoiceRepository } from './invoice.repository.js';
import { InvoicingProcessor } from './invoicing.processor.js';
import { FiscalCertificates, fiscalizationGatewayProvider, INVOICING_SETTINGS, invoicingSettings } from './invoicing-settings.js';
import { FiscalizationSweep } from './jobs/fiscalization-sweep.job.js';
import { UnfiscalizedAlert } from './jobs/unfiscalized-alert.job.js';
import { FiscalizationQueueListener } from './listeners/fiscalization-queue.listener.js';
import { InvoiceTriggers } from './listeners/invoice-triggers.listener.js';

/** Invoices, stornos, fiscalization with the Tax Administration and e-invoices (docs/invoicing.md). */
@Module({
  imports: [OrderModule, CatalogModule, MailModule],
  controllers: [InvoiceController],
  providers: [
    { provide: INVOICING_SETTINGS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => invoicingSettings(config) },
    fiscalizationGatewayProvider,
    // the sandbox's emulator of CIS (served by main.ts only with FISCALIZATION_PROVIDER=sandbox)
    { provide: CisEmulator, useFactory: () => new CisEmulator() },
    FiscalCertificates,
    InvoiceRepository,
    InvoiceIssuer,
    InvoiceMails,
    InvoiceFiles,
    FiscalizationRunner,
    InvoicingProcessor,
    FiscalizationSweep,
    UnfiscalizedAlert,
    InvoiceTriggers,
    FiscalizationQueueListener,
  ],
  exports: [InvoiceRepository, InvoiceFiles, InvoiceIssuer, FiscalizationRunner],
})
export class InvoicingModule {}
