import { readFileSync } from 'node:fs';
import { company } from '../../../../contract/brand/company.js';
import type { AppConfig } from '../../../config/index.js';
import type { PaymentMethod } from '../../../../contract/orders.js';
import { demoCertificate, FiscalCertificateError, readFiscalCertificate, type FiscalCertificate } from './fiscal-certificate.js';
import { CisGateway, SandboxCisGateway, type FiscalizationGateway } from './gateway.js';

type FiscalConfig = Pick<AppConfig, 'fiscal' | 'dataDir' | 'isProduction'>;

/**
 * The certificate the shop signs ZKIs and messages with: FISCAL_CERT_PATH/PASSWORD when configured,
 * else (never in production: config refuses it) the demo certificate kept in DATA_DIR/fiscal/.
 * A configured certificate that names another OIB than FISCAL_OIB is refused at once (CIS would
 * answer s005 to every message).
 */
export function fiscalCertificateFor(config: FiscalConfig): FiscalCertificate {
  const { certificate, oib } = config.fiscal;
  if (!certificate) {
    if (config.isProduction) throw new FiscalCertificateError('FISCAL_CERT_PATH is required in production');
    return demoCertificate({ dataDir: config.dataDir, oib, companyName: company.legalName });
  }
  const cert = readFiscalCertificate(certificate.path, certificate.password);
  if (cert.oib && cert.oib !== oib)
    throw new FiscalCertificateError(
      `The fiscal certificate names OIB ${cert.oib}, but FISCAL_OIB is ${oib} (CIS would refuse every message: s005)`,
    );
  return cert;
}

/** The configured gateway: `cis` (https, optional CA and answer-signature trust) or `sandbox` (the shop's emulator). */
export function fiscalizationGatewayFor(config: Pick<AppConfig, 'fiscal'>): FiscalizationGateway {
  const f = config.fiscal;
  if (f.provider === 'sandbox') return new SandboxCisGateway({ url: f.url });
  return new CisGateway({
    url: f.url,
    ...(f.caPath ? { ca: readFileSync(f.caPath, 'utf8') } : {}),
    ...(f.cisCertificatePath ? { trustedAnswerCertificate: readFileSync(f.cisCertificatePath, 'utf8') } : {}),
  });
}

/**
 * NacinPlac for a payment method (spec 2.1.1: G cash, K card, T transfer, O other), from
 * FISCAL_PAYMENT_CODE_CARD / _COD; docs/invoicing/fiscal.md explains the defaults (K, G).
 */
export function cisPaymentCodeFor(config: Pick<AppConfig, 'fiscal'>, method: PaymentMethod): 'G' | 'K' | 'T' | 'O' {
  switch (method) {
    case 'card':
      return config.fiscal.paymentCodes.card;
    case 'cod':
      return config.fiscal.paymentCodes.cod;
  }
}
