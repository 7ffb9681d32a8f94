/**
 * Fiscalization with the Tax Administration's CIS (docs/invoicing/fiscal.md): the ZKI, the signed
 * RacunZahtjev, the gateway to CIS or its sandbox, and the sandbox itself. Used by the invoicing
 * module's own files (this folder is part of that module); its tests import the files beside this one.
 */
export { computeZki } from './zki.js';
export { type FiscalCertificate } from './fiscal-certificate.js';
export { fiscalCertificateFor, fiscalizationGatewayFor } from './fiscal-setup.js';
export { buildRacunZahtjev } from './racun-zahtjev.js';
export { CisUnavailableError, isTransientRejection, type FiscalizationGateway } from './gateway.js';
export { CisEmulator } from './sandbox/cis-emulator.js';
export { mountFiscalSandbox } from './sandbox/cis-sandbox.routes.js';
