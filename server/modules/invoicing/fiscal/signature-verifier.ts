import { webcrypto, X509Certificate } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { setNodeDependencies } from 'xml-core';
import * as xmldsig from 'xmldsigjs';
import xpath from 'xpath';
import { DSIG_NS } from './xml-text.js';

// xmldsigjs (through xml-core) takes its DOM and XPath from what is registered here (Node has no DOM),
// and its crypto from Node's WebCrypto. Same versions as xml-crypto's (package.json overrides xpath).
setNodeDependencies({ DOMParser, XMLSerializer, xpath });
xmldsig.Application.setEngine('NodeJS', webcrypto as unknown as Crypto);

const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';

export type SignatureCheck =
  | { ok: true; certificate: X509Certificate }
  | { ok: false; reason: 'missing' | 'malformed' | 'wrong_reference' | 'wrong_algorithm' | 'no_certificate' | 'invalid' };

/**
 * Verifies the enveloped XML-DSig signature of the element `signedLocalName` (RacunZahtjev, or a
 * RacunOdgovor) with xmldsigjs, an implementation independent of xml-crypto that signs (the emulator
 * and the tests check what xml-crypto made with something else). Also checks what a verifier of CIS
 * messages must (spec 8.7, 9.2): exactly one Signature, a direct child of that element; exactly one
 * Reference, to that element's own Id (no signature over some other part of the document: no
 * wrapping); the enveloped-signature transform; RSA-SHA1 or better; c14n or exc-c14n. The key is the
 * certificate in KeyInfo (returned, so the caller decides whether it trusts it).
 */
export async function verifyEnvelopedSignature(xml: string, signedLocalName: string, f73Namespace: string): Promise<SignatureCheck> {
  let doc: Document;
  try {
    doc = xmldsig.Parse(xml);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const targets = Array.from(doc.getElementsByTagNameNS(f73Namespace, signedLocalName));
  if (targets.length !== 1) return { ok: false, reason: 'malformed' };
  const target = targets[0]!;
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG_NS, 'Signature'));
  if (!signatures.length) return { ok: false, reason: 'missing' };
  if (signatures.length !== 1 || signatures[0]!.parentNode !== target) return { ok: false, reason: 'wrong_reference' };
  const signed = new xmldsig.SignedXml(doc);
  try {
    signed.LoadXml(signatures[0]!);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const info = signed.XmlSignature.SignedInfo;
  const references = info.References.GetIterator();
  const id = target.getAttribute('Id');
  if (references.length !== 1 || !id || references[0]!.Uri !== `#${id}`) return { ok: false, reason: 'wrong_reference' };
  const transforms = references[0]!.Transforms.GetIterator().map((t) => t.Algorithm);
  if (!transforms.includes(ENVELOPED) || transforms.some((t) => t !== ENVELOPED && t !== EXC_C14N && t !== C14N))
    return { ok: false, reason: 'wrong_algorithm' };
  const c14n = info.CanonicalizationMethod.Algorithm;
  if (c14n !== EXC_C14N && c14n !== C14N) return { ok: false, reason: 'wrong_algorithm' };
  const method = info.SignatureMethod.Algorithm;
  if (method !== RSA_SHA1 && !method.startsWith('http://www.w3.org/2001/04/xmldsig-more#rsa-sha'))
    return { ok: false, reason: 'wrong_algorithm' };
  const certElements = Array.from(signatures[0]!.getElementsByTagNameNS(DSIG_NS, 'X509Certificate'));
  if (certElements.length < 1) return { ok: false, reason: 'no_certificate' };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Buffer.from((certElements[0]!.textContent ?? '').replace(/\s+/g, ''), 'base64'));
  } catch {
    return { ok: false, reason: 'no_certificate' };
  }
  try {
    const hash = method === RSA_SHA1 ? 'SHA-1' : `SHA-${method.slice(-3)}`;
    const key = await webcrypto.subtle.importKey(
      'spki',
      certificate.publicKey.export({ type: 'spki', format: 'der' }),
      { name: 'RSASSA-PKCS1-v1_5', hash },
      true, // a public key; xmldsigjs re-imports it with the signature's own hash
      ['verify'],
    );
    return (await signed.Verify(key as unknown as CryptoKey)) ? { ok: true, certificate } : { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
