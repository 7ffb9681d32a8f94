/**
 * Fiscalization with the Tax Administration's CIS (docs/invoicing/fiscal.md): the ZKI, the signed
 * RacunZahtjev, CIS's answer, the gateway to CIS or its sandbox, and the sandbox itself. Used by the
 * invoicing module's own files (this folder is part of that module).
 */
export { computeZki, zkiInputText, type ZkiInput } from './zki.js';
export { zagrebMessageTime, zagrebZkiTime } from './zagreb-time.js';
export { centsToDecimal } from './amounts.js';
export {
  demoCertificate,
  FiscalCertificateError,
  loadFiscalCertificate,
  readFiscalCertificate,
  type FiscalCertificate,
} from './fiscal-certificate.js';
export { cisPaymentCodeFor, fiscalCertificateFor, fiscalizationGatewayFor } from './fiscal-setup.js';
export { buildRacunZahtjev, recipientOib, type RacunZahtjevOptions } from './racun-zahtjev.js';
export { CisResponseError, parseRacunOdgovor, type CisAnswer } from './cis-response.js';
export {
  CisGateway,
  CisUnavailableError,
  isTransientRejection,
  SandboxCisGateway,
  type CisUnavailableReason,
  type FiscalizationGateway,
} from './gateway.js';
export { CIS_ERRORS, CisEmulator, type CisEmulatorControl, type ReceivedCisMessage } from './sandbox/cis-emulator.js';
export { CIS_SANDBOX_CONTROL_PATH, CIS_SANDBOX_MESSAGES_PATH, CIS_SANDBOX_PATH, mountFiscalSandbox } from './sandbox/cis-sandbox.routes.js';
