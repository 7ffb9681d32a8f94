import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import forge from 'node-forge';

/** The company's fiscal certificate (FINA 'fiskal' application certificate, or the demo one), ready to sign with. */
export interface FiscalCertificate {
  privateKeyPem: string;
  certificatePem: string;
  /** The certificate's DER in base64, as X509Certificate in the signature's KeyInfo. */
  certificateBase64Der: string;
  /** The issuer's distinguished name as X509IssuerName (RFC 2253 order, most specific first: `OU=DEMO,O=FINA,C=HR`). */
  issuerName: string;
  /** The serial number in decimal, as X509SerialNumber. */
  serialNumber: string;
  /** The OIB the certificate names (FINA writes it in the subject's organization, `… HR12345678901`), when it names one. */
  oib?: string;
}

export class FiscalCertificateError extends Error {
  override name = 'FiscalCertificateError';
}

/** Loads a PKCS#12 file (`.p12`/`.pfx`) with its password: the first private key and the certificate that matches it. */
export function loadFiscalCertificate(p12: Buffer, password: string): FiscalCertificate {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, password);
  } catch (err) {
    throw new FiscalCertificateError(
      `The fiscal certificate cannot be read (wrong password or not a PKCS#12 file): ${(err as Error).message}`,
    );
  }
  const keyBags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new FiscalCertificateError('The fiscal certificate file holds no private key');
  const cert = certBags
    .map((b) => b.cert)
    .find((c): c is forge.pki.Certificate => !!c && (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!cert) throw new FiscalCertificateError('The fiscal certificate file holds no certificate for its private key');
  return fromForge(key, cert);
}

/** Reads PKCS#12 from a path (FISCAL_CERT_PATH). */
export function readFiscalCertificate(path: string, password: string): FiscalCertificate {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new FiscalCertificateError(`The fiscal certificate file ${path} cannot be read: ${(err as Error).message}`);
  }
  return loadFiscalCertificate(bytes, password);
}

function fromForge(key: forge.pki.rsa.PrivateKey, cert: forge.pki.Certificate): FiscalCertificate {
  const certificatePem = forge.pki.certificateToPem(cert);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const x509 = new X509Certificate(Buffer.from(der, 'binary'));
  const oib = oibOfSubject(cert.subject.attributes.map((a) => String(a.value ?? '')));
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem,
    certificateBase64Der: Buffer.from(der, 'binary').toString('base64'),
    issuerName: rfc2253(cert.issuer.attributes),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    ...(oib ? { oib } : {}),
  };
}

/**
 * The OIB in a certificate's subject: FINA's fiscal certificates name the company as `<name> HR<OIB>`
 * in O (the example in spec 9.2: `APIS IT D.O.O. HR02994650199`); newer ones also carry
 * organizationIdentifier `VATHR-<OIB>` (2.5.4.97). Either is accepted.
 */
export function oibOfSubject(values: string[]): string | undefined {
  for (const v of values) {
    const match = /(?:^|[\s-]|VAT)HR-?(\d{11})(?!\d)/.exec(v);
    if (match) return match[1];
  }
  return undefined;
}

const SHORT_NAMES: Record<string, string> = { '2.5.4.97': 'organizationIdentifier' };

/** An RDN sequence written as RFC 2253 does (last RDN first, `,` between), the form CIS examples use. */
function rfc2253(attributes: forge.pki.CertificateField[]): string {
  return attributes
    .map((a) => `${a.shortName ?? SHORT_NAMES[a.type ?? ''] ?? a.type}=${String(a.value).replace(/([,+"\\<>;])/g, '\\$1')}`)
    .reverse()
    .join(',');
}

/** The public password of the demo certificate kept in the data directory (it proves nothing; it is not a secret). */
export const DEMO_CERTIFICATE_PASSWORD = 'demo-fiscal-not-a-secret';

/**
 * A self-signed demo certificate for the given OIB (RSA 2048, valid ten years), as a PKCS#12 file: what
 * `npm start` and the tests fiscalize with against the sandbox when no FINA certificate is configured.
 * Its subject is shaped like FINA's (`CN=FISKAL DEMO, O=<company> HR<OIB>, C=HR`) so the OIB check of
 * the sandbox (spec 2.6, s005) sees the same thing the real CIS would.
 */
export function generateDemoCertificateP12(opts: { oib: string; companyName: string; password?: string }): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial (first byte below 0x80).
  cert.serialNumber = `0${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [
    { shortName: 'C', value: 'HR' },
    { shortName: 'O', value: `${opts.companyName} HR${opts.oib}` },
    { shortName: 'L', value: 'ZAGREB' },
    { shortName: 'CN', value: 'FISKAL DEMO' },
  ];
  cert.setSubject(subject);
  cert.setIssuer([
    { shortName: 'C', value: 'HR' },
    { shortName: 'O', value: 'DEMO' },
    { shortName: 'OU', value: 'DEMO FISCAL SANDBOX' },
  ]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], opts.password ?? DEMO_CERTIFICATE_PASSWORD, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The demo certificate of this installation: `<dataDir>/fiscal/demo-certificate-<OIB>.p12`, made on first use
 * and kept (per OIB: a changed FISCAL_OIB gets a certificate naming it). Kept rather than made at each boot because the issuer must be able to recompute an
 * invoice's ZKI later (spec 12) and because the web and worker processes must sign with one key.
 * Two processes starting together cannot make two: each writes its own temporary file and links it to
 * the final name, which only the first link gets; the other reads the winner's.
 */
export function demoCertificate(opts: { dataDir: string; oib: string; companyName: string }): FiscalCertificate {
  const path = join(opts.dataDir, 'fiscal', `demo-certificate-${opts.oib}.p12`);
  try {
    return loadFiscalCertificate(readFileSync(path), DEMO_CERTIFICATE_PASSWORD);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, generateDemoCertificateP12(opts), { mode: 0o600 });
  try {
    linkSync(tmp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  return loadFiscalCertificate(readFileSync(path), DEMO_CERTIFICATE_PASSWORD);
}
