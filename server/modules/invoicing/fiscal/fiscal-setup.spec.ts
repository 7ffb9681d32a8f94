import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../config/index.js';
import { FiscalCertificateError } from './fiscal-certificate.js';
import { cisPaymentCodeFor, fiscalCertificateFor, fiscalizationGatewayFor } from './fiscal-setup.js';
import { CisGateway, SandboxCisGateway } from './gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'fiscal-setup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fiscal setup from the configuration', () => {
  it('outside production without a certificate: the demo certificate for FISCAL_OIB, kept in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dir });
    const cert = fiscalCertificateFor(config);
    expect(cert.oib).toBe(config.fiscal.oib);
    expect(fiscalCertificateFor(config).certificatePem).toBe(cert.certificatePem);
  });

  it('refuses a configured certificate that names another OIB', () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'k.pem',
        '-out',
        'c.pem',
        '-days',
        '2',
        '-subj',
        '/C=HR/O=OTHER D.O.O. HR12345678903/CN=FISKAL 1',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'o.p12', '-passout', 'pass:pw'], {
      cwd: dir,
      stdio: 'pipe',
    });
    const env = { FISCAL_CERT_PATH: join(dir, 'o.p12'), FISCAL_CERT_PASSWORD: 'pw' };
    expect(() => fiscalCertificateFor(loadConfig(env))).toThrow(FiscalCertificateError);
    expect(fiscalCertificateFor(loadConfig({ ...env, FISCAL_OIB: '12345678903' })).oib).toBe('12345678903');
  });

  it('picks the adapter and the payment codes', () => {
    expect(fiscalizationGatewayFor(loadConfig({}))).toBeInstanceOf(SandboxCisGateway);
    expect(fiscalizationGatewayFor(loadConfig({ FISCALIZATION_PROVIDER: 'cis' }))).toBeInstanceOf(CisGateway);
    expect(cisPaymentCodeFor(loadConfig({}), 'card')).toBe('K');
    expect(cisPaymentCodeFor(loadConfig({}), 'cod')).toBe('G');
    expect(cisPaymentCodeFor(loadConfig({ FISCAL_PAYMENT_CODE_COD: 'O' }), 'cod')).toBe('O');
  });
});
