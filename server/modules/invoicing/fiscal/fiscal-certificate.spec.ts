import { execFileSync } from 'node:child_process';
import { createSign, createVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import {
  DEMO_CERTIFICATE_PASSWORD,
  demoCertificate,
  FiscalCertificateError,
  generateDemoCertificateP12,
  loadFiscalCertificate,
  oibOfSubject,
  readFiscalCertificate,
} from './fiscal-certificate.js';

const dir = mkdtempSync(join(tmpdir(), 'fiscal-cert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir }).toString();

describe('loadFiscalCertificate', () => {
  it('reads a PKCS#12 file made by openssl: key, certificate, issuer, serial and OIB as openssl sees them', () => {
    openssl(
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
      '30',
      '-set_serial',
      '1053495513',
      '-subj',
      '/C=HR/O=ZLATNO ZRNO D.O.O. HR47193065287/L=ZAGREB/CN=FISKAL 1',
    );
    openssl('pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'f.p12', '-passout', 'pass:tajna');
    const cert = readFiscalCertificate(join(dir, 'f.p12'), 'tajna');
    expect(cert.oib).toBe('47193065287');
    expect(cert.serialNumber).toBe('1053495513');
    // self-signed: the issuer is the subject, written most specific first
    expect(cert.issuerName).toBe('CN=FISKAL 1,L=ZAGREB,O=ZLATNO ZRNO D.O.O. HR47193065287,C=HR');
    const der = execFileSync('openssl', ['x509', '-outform', 'DER'], { input: readFileSync(join(dir, 'c.pem')) });
    expect(cert.certificateBase64Der).toBe(der.toString('base64'));
    const signature = createSign('RSA-SHA256').update('x').sign(cert.privateKeyPem);
    expect(createVerify('RSA-SHA256').update('x').verify(cert.certificatePem, signature)).toBe(true);
  });

  it('refuses a wrong password and a file that is not PKCS#12', () => {
    const p12 = generateDemoCertificateP12({ oib: '47193065287', companyName: 'Zlatno zrno d.o.o.' });
    expect(() => loadFiscalCertificate(p12, 'wrong')).toThrow(FiscalCertificateError);
    expect(() => loadFiscalCertificate(Buffer.from('not a certificate'), 'x')).toThrow(FiscalCertificateError);
    expect(() => readFiscalCertificate(join(dir, 'missing.p12'), 'x')).toThrow(FiscalCertificateError);
  });
});

describe('the demo certificate', () => {
  it('names the OIB in its subject as FINA does, and openssl reads its PKCS#12 with the public password', () => {
    const p12 = generateDemoCertificateP12({ oib: '47193065287', companyName: 'Zlatno zrno d.o.o.' });
    writeFileSync(join(dir, 'demo.p12'), p12);
    const subject = openssl('pkcs12', '-in', 'demo.p12', '-nokeys', '-passin', `pass:${DEMO_CERTIFICATE_PASSWORD}`, '-legacy');
    expect(subject).toContain('HR47193065287');
    expect(loadFiscalCertificate(p12, DEMO_CERTIFICATE_PASSWORD).oib).toBe('47193065287');
  });

  it('is made once per data directory and OIB and then kept', () => {
    const opts = { dataDir: join(dir, 'data'), oib: '47193065287', companyName: 'Zlatno zrno d.o.o.' };
    const first = demoCertificate(opts);
    const again = demoCertificate(opts);
    expect(again.certificatePem).toBe(first.certificatePem);
    expect(again.privateKeyPem).toBe(first.privateKeyPem);
    const other = demoCertificate({ ...opts, oib: '12345678903' });
    expect(other.oib).toBe('12345678903');
    expect(other.certificatePem).not.toBe(first.certificatePem);
  });
});

describe('oibOfSubject', () => {
  it.each([
    [['APIS IT  D.O.O. HR02994650199'], '02994650199'],
    [['VATHR-02994650199'], '02994650199'],
    [['FISKAL 1', 'HR', 'ZAGREB'], undefined],
    [['HR029946501990'], undefined],
  ])('%j -> %s', (values, oib) => expect(oibOfSubject(values)).toBe(oib));
});
