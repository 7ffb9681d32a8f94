import { Inject, Injectable } from '@nestjs/common';
import { company } from '../../../contract/brand/company.js';
import type { PaymentMethod } from '../../../contract/orders.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { fiscalCertificateFor, fiscalizationGatewayFor, type FiscalCertificate, type FiscalizationGateway } from './fiscal/index.js';
import type { InvoiceDocument } from './invoice-document.js';

/** What the shop's internal act and registration with the Tax Administration decide (docs/invoicing.md 'Configuration'). */
export interface InvoicingSettings {
  /** Business premise mark and device mark (law art. 9), registered with the Tax Administration. */
  premise: string;
  device: string;
  /** Gapless numbering per premise (OznSlijed P) or per device (N), as the internal act decides. */
  sequence: 'premise' | 'device';
  operator: InvoiceDocument['operator'];
  seller: InvoiceDocument['seller'];
  /** NacinPlac per payment method of the shop (spec 2.1.1). */
  paymentCodes: Record<PaymentMethod, InvoiceDocument['cisPaymentCode']>;
  /** How long one message to CIS may take. */
  timeoutMs: number;
  /** The first wait after CIS did not answer; it doubles per attempt. */
  retryBaseMs: number;
}

export const INVOICING_SETTINGS = Symbol('INVOICING_SETTINGS');

export function invoicingSettings(config: AppConfig): InvoicingSettings {
  const f = config.fiscal;
  return {
    premise: f.premise,
    device: f.device,
    sequence: f.sequenceMark === 'N' ? 'device' : 'premise',
    operator: { mark: f.operator.mark, oib: f.operator.oib },
    seller: {
      legalName: company.legalName,
      street: company.street,
      postalCode: company.postalCode,
      city: company.city,
      countryCode: company.countryCode,
      oib: f.oib,
      vatId: `HR${f.oib}`,
      iban: company.iban,
      bank: company.bank,
      mbs: company.mbs,
      registryCourt: company.registryCourt,
      shareCapitalCents: company.shareCapitalCents,
      email: company.email,
      phone: company.phone,
      inVatSystem: true,
    },
    paymentCodes: { card: f.paymentCodes.card, cod: f.paymentCodes.cod },
    timeoutMs: f.timeoutMs,
    retryBaseMs: f.retryBaseMs,
  };
}

const yearFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zagreb', year: 'numeric' });

/** The calendar year an invoice counts in: Europe/Zagreb (31 December 23:30 UTC is already the next year). */
export function invoiceYear(at: Date): number {
  return Number(yearFormat.format(at));
}

/**
 * The company's fiscal certificate, read once: the configured PKCS#12 (FISCAL_CERT_PATH and
 * FISCAL_CERT_PASSWORD), or outside production the demo certificate kept under DATA_DIR, so a
 * newcomer's shop signs and fiscalizes with the sandbox offline.
 */
@Injectable()
export class FiscalCertificates {
  private cached: FiscalCertificate | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  current(): FiscalCertificate {
    this.cached ??= fiscalCertificateFor(this.config);
    return this.cached;
  }
}

/** The gateway fiscalization messages go through: CIS, or the shop's sandbox emulator of it (FISCALIZATION_PROVIDER). */
export const FISCALIZATION_GATEWAY = Symbol('FISCALIZATION_GATEWAY');

export const fiscalizationGatewayProvider = {
  provide: FISCALIZATION_GATEWAY,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): FiscalizationGateway => fiscalizationGatewayFor(config),
};
