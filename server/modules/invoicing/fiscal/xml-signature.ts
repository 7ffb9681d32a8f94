import { SignedXml } from 'xml-crypto';
import type { FiscalCertificate } from './fiscal-certificate.js';
import { xmlEscape } from './xml-text.js';

const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

/**
 * Signs the element with the given local name and `Id` attribute as CIS wants it (spec 8.7 and the
 * example in 9.2): an enveloped XML-DSig signature appended as its last child, exclusive c14n,
 * RSA-SHA1, one Reference to `#<Id>` with the enveloped-signature and exc-c14n transforms and a SHA-1
 * digest, and KeyInfo/X509Data with the certificate and its IssuerSerial. Signing is xml-crypto's; the
 * sandbox verifies with xmldsigjs (signature-verifier.ts), an implementation of its own.
 */
export function signEnveloped(xml: string, elementLocalName: string, cert: FiscalCertificate): string {
  const sig = new SignedXml({
    privateKey: cert.privateKeyPem,
    publicCert: cert.certificatePem,
    canonicalizationAlgorithm: EXC_C14N,
    signatureAlgorithm: RSA_SHA1,
    getKeyInfoContent: () =>
      `<X509Data><X509Certificate>${cert.certificateBase64Der}</X509Certificate><X509IssuerSerial>` +
      `<X509IssuerName>${xmlEscape(cert.issuerName)}</X509IssuerName><X509SerialNumber>${cert.serialNumber}</X509SerialNumber>` +
      `</X509IssuerSerial></X509Data>`,
  });
  const xpath = `//*[local-name(.)='${elementLocalName}']`;
  sig.addReference({ xpath, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA1 });
  sig.computeSignature(xml, { location: { reference: xpath, action: 'append' } });
  return sig.getSignedXml();
}
