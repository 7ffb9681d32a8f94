import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CartModule } from '../cart/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OrderController } from './order.controller.js';
import { Order, OrderLine, OrderVat } from './order.entity.js';
import { OrderNumberService } from './order-number.js';
import { OrderPlacement } from './order-placement.js';
import { OrderWriter } from './order-writer.js';
import { OrderStateService } from './order-state.service.js';
import { OrderViewTokens } from './order-view-token.js';
import { OrderReadService } from './order.service.js';
import { PAYMENT_STARTER, UnavailablePaymentStarter } from './payment-port.js';

@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderLine, OrderVat]), CartModule, CatalogModule],
  controllers: [OrderController],
  providers: [
    OrderReadService,
    OrderNumberService,
    OrderWriter,
    OrderStateService,
    OrderViewTokens,
    OrderPlacement,
    // card payments: the payment module binds its provider here (docs/orders.md, 'Placing an order')
    { provide: PAYMENT_STARTER, useClass: UnavailablePaymentStarter },
  ],
  exports: [OrderReadService, OrderNumberService, OrderWriter, OrderStateService, OrderViewTokens, OrderPlacement],
})
export class OrderModule {}
