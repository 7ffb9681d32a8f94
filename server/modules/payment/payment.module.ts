import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { MonriWebPayProvider } from './monri/monri-webpay.provider.js';
import { PAYMENT_PROVIDER } from './payment-provider.js';
import { PaymentJobsProcessor } from './payment-jobs.processor.js';
import { SandboxEmulator } from './sandbox/sandbox-emulator.service.js';

/**
 * Card payments: the configured PaymentProvider (the Monri WebPay adapter, pointed at Monri or at the
 * sandbox emulator), the emulator itself and the payments queue's processor. Orders use the provider
 * through PAYMENT_PROVIDER (docs/payments.md).
 */
@Module({
  providers: [
    { provide: PAYMENT_PROVIDER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new MonriWebPayProvider(config.payment.monri) },
    SandboxEmulator,
    PaymentJobsProcessor,
  ],
  exports: [PAYMENT_PROVIDER, SandboxEmulator],
})
export class PaymentModule {}
