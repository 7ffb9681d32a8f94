import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderController } from './order.controller.js';
import { Order, OrderLine } from './order.entity.js';
import { OrderReadService } from './order.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderLine])],
  controllers: [OrderController],
  providers: [OrderReadService],
  exports: [OrderReadService],
})
export class OrderModule {}
