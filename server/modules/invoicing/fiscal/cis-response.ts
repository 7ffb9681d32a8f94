import type { Element as XmlElement } from '@xmldom/xmldom';
import { childElements as elements, F73_NS, parseXmlRoot, SOAP_NS } from './xml-text.js';

/** What CIS answered to one RacunZahtjev: a JIR, or the errors it refused it with (spec 2.1.3, 2.6). */
export type CisAnswer =
  { kind: 'jir'; jir: string; raw: string } | { kind: 'rejected'; errors: Array<{ code: string; message: string }>; raw: string };

/** An answer that is no RacunOdgovor at all (not XML, a SOAP fault, neither JIR nor errors). */
export class CisResponseError extends Error {
  override name = 'CisResponseError';
}

const JIR = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;

const child = (parent: XmlElement, name: string, ns: string = F73_NS) =>
  elements(parent).find((e) => e.localName === name && e.namespaceURI === ns);
const textOf = (e: XmlElement | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();

export interface ParsedRacunOdgovor {
  answer: CisAnswer;
  /** Zaglavlje/IdPoruke: CIS repeats the request's (spec 2.1.3). */
  messageId: string;
  /** Zaglavlje/DatumVrijeme as sent (`dd.MM.yyyyTHH:mm:ss`, Zagreb). */
  processedAt: string;
}

/**
 * Reads CIS's answer to a RacunZahtjev (spec 2.1.3, examples 9.3 to 9.6): the SOAP envelope's
 * RacunOdgovor with its header and either a Jir or Greske/Greska (SifraGreske `sNNN`, PorukaGreske).
 * A SOAP Fault, or anything else, throws CisResponseError. The signature is not looked at here
 * (cis-gateway.ts checks it when a CIS certificate is configured).
 */
export function parseRacunOdgovor(raw: string): ParsedRacunOdgovor {
  const root = parseXmlRoot(raw, (reason) => new CisResponseError(`The answer: ${reason}`));
  if (root.localName !== 'Envelope' || root.namespaceURI !== SOAP_NS) throw new CisResponseError('The answer is not a SOAP envelope');
  const body = child(root, 'Body', SOAP_NS);
  if (!body) throw new CisResponseError('The answer has no SOAP Body');
  const fault = child(body, 'Fault', SOAP_NS);
  if (fault)
    throw new CisResponseError(`SOAP fault: ${textOf(elements(fault).find((e) => e.localName === 'faultstring')) || textOf(fault)}`);
  const odgovor = child(body, 'RacunOdgovor');
  if (!odgovor) throw new CisResponseError('The answer holds no RacunOdgovor');
  const header = child(odgovor, 'Zaglavlje');
  const messageId = textOf(header && child(header, 'IdPoruke')).replace(/\s+/g, '');
  const processedAt = textOf(header && child(header, 'DatumVrijeme'));
  const jir = textOf(child(odgovor, 'Jir'));
  const greske = child(odgovor, 'Greske');
  const errors = greske
    ? elements(greske)
        .filter((e) => e.localName === 'Greska')
        .map((g) => ({ code: textOf(child(g, 'SifraGreske')), message: textOf(child(g, 'PorukaGreske')) }))
    : [];
  if (errors.length) return { answer: { kind: 'rejected', errors, raw }, messageId, processedAt };
  if (JIR.test(jir)) return { answer: { kind: 'jir', jir, raw }, messageId, processedAt };
  throw new CisResponseError(jir ? `The JIR '${jir}' is not a UUID` : 'The RacunOdgovor holds neither a JIR nor errors');
}
