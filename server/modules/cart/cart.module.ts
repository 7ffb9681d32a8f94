import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { IdentityModule } from '../identity/index.js';
import { Cart, CartLine } from './cart.entity.js';
import { CartController } from './cart.controller.js';
import { CartService } from './cart.service.js';
import { Coupon, CouponRedemption } from './coupon.entity.js';
import { CouponService } from './coupon.service.js';
import { CartRepository } from './cart.repository.js';
import { CouponRepository } from './coupon.repository.js';
import { CartDemoSeeder } from './cart-demo.seeder.js';
import { GuestCartHandover } from './guest-cart-handover.js';
import { CouponAdminController } from './admin/coupon-admin.controller.js';
import { CouponAdminService } from './admin/coupon-admin.service.js';
import { BirthdayCouponListener } from './listeners/birthday-coupon.listener.js';

@Module({
  imports: [TypeOrmModule.forFeature([Cart, CartLine, Coupon, CouponRedemption]), CatalogModule, IdentityModule],
  controllers: [CartController, CouponAdminController],
  providers: [
    CartRepository,
    CouponRepository,
    CartService,
    CouponService,
    CouponAdminService,
    CartDemoSeeder,
    BirthdayCouponListener,
    GuestCartHandover,
  ],
  exports: [CartService, CouponService],
})
export class CartModule {}
