import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CALLER_VERIFIER, CallerStrategy, IdentifyCaller } from '../../platform/auth/index.js';
import { MailModule } from '../../platform/mail/index.js';
import { AuthController } from './auth.controller.js';
import { GoogleOidcService } from './google-oidc.service.js';
import { GoogleController } from './google.controller.js';
import { IdentityDemoSeeder } from './identity-demo.seeder.js';
import { IdentityService } from './identity.service.js';
import { BirthdayBenefits } from './birthday-benefits.js';
import { CustomerDirectory } from './customer-directory.js';
import { CustomerDirectoryRepository } from './customer-directory.repository.js';
import { BirthdayBenefitsJob } from './jobs/birthday-benefits.job.js';
import { IdentityMailsListener } from './listeners/identity-mails.listener.js';
import { NewsletterStatusListener } from './listeners/newsletter-status.listener.js';
import { ProfileService } from './profile.service.js';
import { SessionRenewal } from './session-renewal.js';
import { SessionService } from './session.service.js';
import { SessionCallerVerifier } from './session-caller-verifier.js';
import { SignInHandovers } from './sign-in-handover.js';
import { RefreshToken, User, UserToken } from './user.entity.js';
import { UserTokenService } from './user-token.service.js';
import { UsersController } from './users.controller.js';
import { TokenRepository } from './token.repository.js';
import { UserRepository } from './user.repository.js';

@Module({
  imports: [TypeOrmModule.forFeature([User, UserToken, RefreshToken]), PassportModule, MailModule],
  controllers: [AuthController, UsersController, GoogleController],
  providers: [
    UserRepository,
    TokenRepository,
    SessionService,
    UserTokenService,
    IdentityService,
    ProfileService,
    SignInHandovers,
    GoogleOidcService,
    SessionRenewal,
    IdentityMailsListener,
    NewsletterStatusListener,
    BirthdayBenefits,
    BirthdayBenefitsJob,
    IdentityDemoSeeder,
    CustomerDirectory,
    CustomerDirectoryRepository,
    // platform/auth's port, the passport strategy that asks it, and the global guard running that strategy
    { provide: CALLER_VERIFIER, useClass: SessionCallerVerifier },
    CallerStrategy,
    { provide: APP_GUARD, useClass: IdentifyCaller },
  ],
  exports: [IdentityService, SessionService, ProfileService, SessionRenewal, SignInHandovers, CustomerDirectory],
})
export class IdentityModule {}
