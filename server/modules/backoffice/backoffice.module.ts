import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { InvoicingModule } from '../invoicing/index.js';
import { OrderModule } from '../order/index.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

/**
 * The back office's own API (docs/admin.md): what no single module owns. The dashboard composes
 * the figures each module answers for its own data (orders, invoices, stock) with the queues'.
 */
@Module({
  imports: [OrderModule, InvoicingModule, CatalogModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class BackofficeModule {}
