import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderController } from './order.controller.js';
import { Order, OrderLine, OrderVat } from './order.entity.js';
import { OrderNumberService } from './order-number.js';
import { OrderWriter } from './order-writer.js';
import { OrderStateService } from './order-state.service.js';
import { OrderReadService } from './order.service.js';
import { PaymentEventsListener } from './listeners/payment-events.listener.js';
import { UnpaidOrderExpiry } from './jobs/unpaid-order-expiry.job.js';
import { CatalogModule } from '../catalog/index.js';

@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderLine, OrderVat]), CatalogModule],
  controllers: [OrderController],
  providers: [OrderReadService, OrderNumberService, OrderWriter, OrderStateService, PaymentEventsListener, UnpaidOrderExpiry],
  exports: [OrderReadService, OrderNumberService, OrderWriter, OrderStateService],
})
export class OrderModule {}
