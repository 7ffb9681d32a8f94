import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { MonriWebPayProvider } from './monri/monri-webpay.provider.js';
import { PaymentCallbackController } from './payment-callback.controller.js';
import { PaymentReturnController } from './payment-return.controller.js';
import { PAYMENT_PROVIDER } from './payment-provider.js';
import { PaymentJobsProcessor } from './payment-jobs.processor.js';
import { PaymentService } from './payment.service.js';
import { SandboxCallbackListener } from './sandbox/sandbox-callback.listener.js';
import { SandboxEmulator } from './sandbox/sandbox-emulator.service.js';
import { PaymentSettlement } from './settlement/payment-settlement.service.js';
import { PaymentAttemptRepository } from './payment-attempt.repository.js';
import { PaymentSettlementRepository } from './settlement/payment-settlement.repository.js';
import { SandboxTransactionRepository } from './sandbox/sandbox-transaction.repository.js';

/**
 * Card payments: the configured PaymentProvider (the Monri WebPay adapter, pointed at Monri or at the
 * sandbox emulator), starting payments (PaymentService: attempts), the provider's callback,
 * settlement and reconciliation (PaymentSettlement, publishing payment.* events), the emulator
 * itself and the payments queue's processor (docs/payments.md).
 */
@Module({
  controllers: [PaymentCallbackController, PaymentReturnController],
  providers: [
    { provide: PAYMENT_PROVIDER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new MonriWebPayProvider(config.payment.monri) },
    PaymentAttemptRepository,
    PaymentSettlementRepository,
    SandboxTransactionRepository,
    PaymentService,
    PaymentSettlement,
    SandboxEmulator,
    SandboxCallbackListener,
    PaymentJobsProcessor,
  ],
  exports: [PAYMENT_PROVIDER, PaymentService, PaymentSettlement, SandboxEmulator],
})
export class PaymentModule {}
