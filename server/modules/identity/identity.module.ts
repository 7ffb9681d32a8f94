import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../../platform/mail/index.js';
import { CartModule } from '../cart/index.js';
import { AuthController } from './auth.controller.js';
import { AccessTokenStrategy, IdentifyCaller, RequireAuth } from './auth.guard.js';
import { CartHandover } from './cart-handover.js';
import { GoogleOidcService } from './google-oidc.service.js';
import { GoogleController } from './google.controller.js';
import { IdentityDemoSeeder } from './identity-demo.seeder.js';
import { IdentityService } from './identity.service.js';
import { BirthdayBenefits } from './birthday-benefits.js';
import { BirthdayBenefitsJob } from './jobs/birthday-benefits.job.js';
import { IdentityMailsListener } from './listeners/identity-mails.listener.js';
import { NewsletterStatusListener } from './listeners/newsletter-status.listener.js';
import { ProfileService } from './profile.service.js';
import { SessionRenewal } from './session-renewal.js';
import { SessionService } from './session.service.js';
import { RefreshToken, User, UserToken } from './user.entity.js';
import { UserTokenService } from './user-token.service.js';
import { UsersController } from './users.controller.js';
import { TokenRepository } from './token.repository.js';
import { UserRepository } from './user.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([User, UserToken, RefreshToken]), PassportModule, MailModule, CartModule],
  controllers: [AuthController, UsersController, GoogleController],
  providers: [
    UserRepository,
    TokenRepository,
    SessionService,
    UserTokenService,
    IdentityService,
    ProfileService,
    CartHandover,
    GoogleOidcService,
    SessionRenewal,
    AccessTokenStrategy,
    RequireAuth,
    IdentityMailsListener,
    NewsletterStatusListener,
    BirthdayBenefits,
    BirthdayBenefitsJob,
    IdentityDemoSeeder,
    { provide: APP_GUARD, useClass: IdentifyCaller },
  ],
  exports: [IdentityService, SessionService, ProfileService, SessionRenewal, RequireAuth],
})
export class IdentityModule {}
