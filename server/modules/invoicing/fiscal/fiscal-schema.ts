import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XMLSerializer } from '@xmldom/xmldom';
import { validateXML } from 'xmllint-wasm';
import { childElements as elements, parseXmlRoot, SOAP_NS } from './xml-text.js';

/**
 * The official XSD of the fiscalization service (FiskalizacijaSchema.xsd with xmldsig-core-schema.xsd,
 * WSDL v1.9, the same for EDUC and PROD), kept beside this file in schema/ and copied to the build by
 * `npm run build:server`; read from there at run time (nothing is downloaded).
 */
const SCHEMA_DIR = fileURLToPath(new URL('./schema/', import.meta.url));
let schemaFiles: { main: string; dsig: string } | undefined;
function schemas(): { main: string; dsig: string } {
  schemaFiles ??= {
    main: readFileSync(`${SCHEMA_DIR}FiskalizacijaSchema.xsd`, 'utf8'),
    dsig: readFileSync(`${SCHEMA_DIR}xmldsig-core-schema.xsd`, 'utf8'),
  };
  return schemaFiles;
}

export class SoapEnvelopeError extends Error {
  override name = 'SoapEnvelopeError';
}

/** The one element in a SOAP 1.1 envelope's Body, serialized on its own (namespaces it uses declared on it). */
export function soapBodyElement(envelope: string): { xml: string; localName: string; namespace: string | null } {
  const root = parseXmlRoot(envelope, (reason) => new SoapEnvelopeError(reason));
  if (root.namespaceURI !== SOAP_NS || root.localName !== 'Envelope') throw new SoapEnvelopeError('Not a SOAP 1.1 Envelope');
  const body = elements(root).find((n) => n.namespaceURI === SOAP_NS && n.localName === 'Body');
  if (!body) throw new SoapEnvelopeError('The Envelope has no Body');
  const children = elements(body);
  if (children.length !== 1) throw new SoapEnvelopeError('The Body must hold exactly one element');
  const element = children[0]!;
  return { xml: new XMLSerializer().serializeToString(element), localName: element.localName!, namespace: element.namespaceURI };
}

export interface SchemaCheck {
  valid: boolean;
  /** xmllint's messages, without file names (what CIS puts after 's001 … :'). */
  errors: string[];
}

/** Validates one message element (RacunZahtjev, RacunOdgovor, …) against FiskalizacijaSchema.xsd with libxml2 (xmllint-wasm). */
export async function validateFiscalMessage(elementXml: string): Promise<SchemaCheck> {
  const { main, dsig } = schemas();
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: elementXml }],
    schema: [{ fileName: 'FiskalizacijaSchema.xsd', contents: main }],
    preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: dsig }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message.trim()) };
}
