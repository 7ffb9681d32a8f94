import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { ContactModule } from '../contact/index.js';
import { IdentityModule } from '../identity/index.js';
import { NewsletterModule } from '../newsletter/index.js';
import { InvoicingModule } from '../invoicing/index.js';
import { OrderModule } from '../order/index.js';
import { CustomerAdminController, CustomerInvitationController } from './customers/customer-admin.controller.js';
import { CustomerAdminService } from './customers/customer-admin.service.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/**
 * The back office's own API (docs/admin.md): what no single module owns. The dashboard composes
 * the figures each module answers for its own data (orders, invoices, stock) with the queues'. The
 * customers' screens compose each module's part of a person (identity, order, invoicing, newsletter,
 * contact: their PersonalDataPort) for the profile, the data export and the erasure.
 */
@Module({
  imports: [OrderModule, InvoicingModule, CatalogModule, IdentityModule, NewsletterModule, ContactModule],
  controllers: [DashboardController, CustomerAdminController, CustomerInvitationController],
  providers: [DashboardService, CustomerAdminService],
})
export class BackofficeModule {}
