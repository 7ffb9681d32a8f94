import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CartModule } from '../cart/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OrderController } from './order.controller.js';
import { Order, OrderLine, OrderVat } from './order.entity.js';
import { OrderNumberService } from './order-number.js';
import { OrderPlacement } from './order-placement.js';
import { OrderPaymentRetry } from './order-payment-retry.js';
import { PendingOrderActions } from './pending/pending-order.service.js';
import { OrderWriter } from './order-writer.js';
import { OrderStateService } from './order-state.service.js';
import { OrderAccess } from './order-access.js';
import { OrderViewTokens } from './order-view-token.js';
import { CustomerOrders } from './customer-orders.js';
import { CustomerOrdersRepository } from './customer-orders.repository.js';
import { OrderReadService } from './order.service.js';
import { PAYMENT_STARTER } from './payment-port.js';
import { MailModule } from '../../platform/mail/index.js';
import { CardPaymentStarter } from './card-payment-starter.js';
import { PaymentModule } from '../payment/index.js';
import { PaymentEventsListener } from './listeners/payment-events.listener.js';
import { OrderMailsListener } from './listeners/order-mails.listener.js';
import { UnpaidOrderExpiry } from './jobs/unpaid-order-expiry.job.js';
import { PaymentReminder } from './jobs/payment-reminder.job.js';
import { IdentityModule } from '../identity/index.js';
import { OrderAdminController } from './admin/order-admin.controller.js';
import { OrderAdminService } from './admin/order-admin.service.js';
import { OrderBackOfficeService } from './admin/order-back-office.service.js';
import { OrderBackOfficeRepository } from './admin/order-back-office.repository.js';
import { OrderRepository } from './order.repository.js';
import { OrderHistoryRepository } from './admin/order-history.repository.js';
import { EuDistanceSales } from './vat/eu-distance-sales.js';
import { OrderFigures } from './admin/order-figures.repository.js';
import { EuDistanceSalesRepository } from './vat/eu-distance-sales.repository.js';
import { VatAdminController } from './vat/vat-admin.controller.js';
import { ReservedStockReporter } from './reserved-stock-reporter.js';

@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderLine, OrderVat]), CartModule, CatalogModule, PaymentModule, MailModule, IdentityModule],
  controllers: [OrderController, OrderAdminController, VatAdminController],
  providers: [
    OrderRepository,
    OrderHistoryRepository,
    OrderReadService,
    OrderNumberService,
    OrderWriter,
    OrderStateService,
    OrderViewTokens,
    OrderAccess,
    OrderPlacement,
    OrderPaymentRetry,
    PendingOrderActions,
    PaymentEventsListener,
    OrderMailsListener,
    UnpaidOrderExpiry,
    PaymentReminder,
    OrderAdminService,
    OrderBackOfficeService,
    OrderBackOfficeRepository,
    EuDistanceSales,
    EuDistanceSalesRepository,
    // the catalogue's back office shows the packs orders hold (catalog's ReservedStock port)
    ReservedStockReporter,
    OrderFigures,
    CustomerOrders,
    CustomerOrdersRepository,
    // card payments through the payment module (docs/payments.md)
    { provide: PAYMENT_STARTER, useClass: CardPaymentStarter },
  ],
  exports: [
    OrderReadService,
    OrderNumberService,
    OrderWriter,
    OrderStateService,
    OrderViewTokens,
    OrderAccess,
    OrderPlacement,
    OrderAdminService,
    EuDistanceSales,
    OrderFigures,
    CustomerOrders,
  ],
})
export class OrderModule {}
