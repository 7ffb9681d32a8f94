import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FiscalCertificate } from '../fiscal-certificate.js';
import { oibOfSubject } from '../fiscal-certificate.js';
import { soapBodyElement, SoapEnvelopeError, validateFiscalMessage } from '../fiscal-schema.js';
import { SOAP_ACTION_RACUNI } from '../gateway.js';
import { verifyEnvelopedSignature } from '../signature-verifier.js';
import { signEnveloped } from '../xml-signature.js';
import { F73_NS, SOAP_NS, xmlEscape } from '../xml-text.js';
import { zagrebMessageTime } from '../zagreb-time.js';

/** CIS's error codes and texts (spec 2.6). */
export const CIS_ERRORS = {
  s001: 'Poruka nije u skladu s XML shemom',
  s002: 'Certifikat nije izdan od strane produkcijskog potpisnika pouzdanog izdavatelja certifikata u RH ili je istekao ili je ukinut.',
  s003: 'Certifikat ne sadrži obvezan podatak.',
  s004: 'Neispravan digitalni potpis.',
  s005: 'OIB iz poruke zahtjeva nije jednak OIB-u iz certifikata.',
  s006: 'Sistemska pogreška prilikom obrade zahtjeva.',
} as const;
export type CisErrorCode = keyof typeof CIS_ERRORS;

/**
 * What the emulator is told to do with the next messages (POST /sandbox/cis/control, or `control()`):
 * `timeout` holds the request without answering (for `holdMs`, then drops the connection), `down`
 * refuses it (HTTP 503, no SOAP), `error` answers CIS's error `code` (s006 by default), `reset`
 * returns to normal and forgets the received messages and the answers kept for message ids.
 * `count`: for the next N messages (then normal again); without it until the next control call.
 */
export const cisEmulatorControlSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('reset') }).strict(),
  z.object({ action: z.literal('normal') }).strict(),
  z
    .object({
      action: z.literal('timeout'),
      count: z.number().int().min(1).max(10_000).optional(),
      holdMs: z.number().int().min(1).max(600_000).optional(),
    })
    .strict(),
  z.object({ action: z.literal('down'), count: z.number().int().min(1).max(10_000).optional() }).strict(),
  z
    .object({
      action: z.literal('error'),
      code: z.enum(['s001', 's002', 's003', 's004', 's005', 's006']).default('s006'),
      count: z.number().int().min(1).max(10_000).optional(),
    })
    .strict(),
]);
export type CisEmulatorControl = z.input<typeof cisEmulatorControlSchema>;

type Mode = { kind: 'normal' } | { kind: 'timeout'; holdMs: number } | { kind: 'down' } | { kind: 'error'; code: CisErrorCode };

export interface ReceivedCisMessage {
  receivedAt: Date;
  /** IdPoruke, when the message had one. */
  messageId: string | null;
  /** BrOznRac/OznPosPr/OznNapUr, when readable. */
  invoiceNumber: string | null;
  lateDelivery: boolean | null;
  outcome: { kind: 'jir'; jir: string } | { kind: 'rejected'; code: string } | { kind: 'timeout' } | { kind: 'down' };
  xml: string;
}

/** What the HTTP side does: answer (status, SOAP body), or hold the request for a while and then drop it. */
export type CisEmulatorReply = { kind: 'answer'; status: number; body: string } | { kind: 'hold'; holdMs: number };

/** The default time a `timeout` holds a request: far above any sensible client timeout (spec 2.1 asks CIS for 2 s). */
const DEFAULT_HOLD_MS = 60_000;
const KEEP_MESSAGES = 200;
const KEEP_ANSWERS = 10_000;
const MAX_MESSAGE_BYTES = 64 * 1024;
/** What a check that fails unexpectedly (the validator itself) answers, as CIS does: s006, a system error. */
const SYSTEM_ERROR = { code: 's006', detail: '' } as const;

/**
 * An emulator of CIS's `racuni` operation (spec 2.1), so the shop, its tests, newcomers and the chaos
 * test fiscalize offline. It checks what CIS checks, in CIS's order, and answers with CIS's codes
 * (spec 2.6): the SOAP envelope and the XSD (s001, with libxml2's message like CIS's), the XML
 * signature verified with xmldsigjs (s004), the certificate's validity dates (s002: there is no FINA
 * chain to check here, so any issuer is accepted), an OIB in the certificate's subject (s003), that OIB
 * against Racun/Oib (s005); then answers a JIR (a random UUID) or, when told to, an error, silence or a
 * refusal. The ZKI's format is the XSD's; its value cannot be checked without the issuer's private
 * key (CIS cannot either).
 *
 * Idempotency: the same IdPoruke gets the very same answer again (kept for the last 10,000 ids). The
 * real CIS requires a new IdPoruke per message, retries included (spec 2.1.1), and gives every message
 * a new JIR; the shop never resends an IdPoruke and never relies on this: it is here so that a
 * network-level replay in a test cannot produce two JIRs for one message.
 *
 * The answers are plain (like spec 9.3/9.5), or signed like 9.4/9.6 when the emulator is given a
 * certificate to sign with.
 */
export class CisEmulator {
  private mode: Mode = { kind: 'normal' };
  private remaining: number | null = null;
  private readonly messages: ReceivedCisMessage[] = [];
  private readonly answers = new Map<string, string>();

  constructor(private readonly opts: { signer?: FiscalCertificate; now?: () => Date } = {}) {}

  /** Applies a control command (already validated, or validated here). */
  control(command: CisEmulatorControl): void {
    const c = cisEmulatorControlSchema.parse(command);
    this.remaining = 'count' in c && c.count !== undefined ? c.count : null;
    switch (c.action) {
      case 'reset':
        this.messages.length = 0;
        this.answers.clear();
        this.mode = { kind: 'normal' };
        return;
      case 'normal':
        this.mode = { kind: 'normal' };
        return;
      case 'timeout':
        this.mode = { kind: 'timeout', holdMs: c.holdMs ?? DEFAULT_HOLD_MS };
        return;
      case 'down':
        this.mode = { kind: 'down' };
        return;
      case 'error':
        this.mode = { kind: 'error', code: c.code };
        return;
    }
  }

  /** The messages received, oldest first (the last 200). */
  received(): readonly ReceivedCisMessage[] {
    return [...this.messages];
  }

  /** Handles one POST: the raw body and the SOAPAction header as sent. */
  async receive(body: string, soapAction: string | undefined): Promise<CisEmulatorReply> {
    const mode = this.takeMode();
    const facts = readFacts(body);
    const record = (outcome: ReceivedCisMessage['outcome']) => {
      this.messages.push({ receivedAt: this.now(), ...facts, outcome, xml: body });
      if (this.messages.length > KEEP_MESSAGES) this.messages.splice(0, this.messages.length - KEEP_MESSAGES);
    };
    if (mode.kind === 'down') {
      record({ kind: 'down' });
      return { kind: 'answer', status: 503, body: 'Service Unavailable' };
    }
    if (mode.kind === 'timeout') {
      record({ kind: 'timeout' });
      return { kind: 'hold', holdMs: mode.holdMs };
    }
    if (soapAction !== undefined && soapAction.replace(/^"|"$/g, '') !== SOAP_ACTION_RACUNI)
      return { kind: 'answer', status: 500, body: soapFault('Client', `Unknown SOAPAction ${soapAction}`) };
    if (facts.messageId) {
      const kept = this.answers.get(facts.messageId);
      if (kept !== undefined) {
        record(outcomeOf(kept));
        return { kind: 'answer', status: 200, body: kept };
      }
    }
    const outcome = mode.kind === 'error' ? { code: mode.code, detail: '' } : await this.check(body).catch(() => SYSTEM_ERROR);
    const answer = this.answer(facts.messageId ?? '', outcome ? { errors: [outcome] } : { jir: randomUUID() });
    // Forced errors and system errors are not kept: the same message may succeed when sent again.
    if (facts.messageId && mode.kind !== 'error' && outcome?.code !== 's006') this.keep(facts.messageId, answer);
    record(outcomeOf(answer));
    return { kind: 'answer', status: 200, body: answer };
  }

  /** CIS's checks in order; null when the message passes. */
  private async check(body: string): Promise<{ code: CisErrorCode; detail: string } | null> {
    if (Buffer.byteLength(body, 'utf8') > MAX_MESSAGE_BYTES) return { code: 's001', detail: 'message too large' };
    let element;
    try {
      element = soapBodyElement(body);
    } catch (err) {
      return { code: 's001', detail: err instanceof SoapEnvelopeError ? err.message : 'unreadable message' };
    }
    if (element.localName !== 'RacunZahtjev' || element.namespace !== F73_NS)
      return { code: 's001', detail: `expected {${F73_NS}}RacunZahtjev, got {${element.namespace ?? ''}}${element.localName}` };
    const schema = await validateFiscalMessage(element.xml);
    if (!schema.valid) return { code: 's001', detail: schema.errors.join('; ') };
    const signature = await verifyEnvelopedSignature(body, 'RacunZahtjev', F73_NS);
    if (!signature.ok) return { code: 's004', detail: '' };
    const cert = signature.certificate;
    const now = this.now();
    if (new Date(cert.validFrom) > now || new Date(cert.validTo) < now) return { code: 's002', detail: '' };
    const certOib = oibOfSubject(cert.subject.split('\n'));
    if (!certOib) return { code: 's003', detail: '' };
    const racunOib = /<(?:\w+:)?Racun>\s*<(?:\w+:)?Oib>(\d{11})</.exec(element.xml)?.[1];
    if (racunOib !== certOib) return { code: 's005', detail: '' };
    return null;
  }

  private answer(messageId: string, content: { jir: string } | { errors: Array<{ code: CisErrorCode; detail: string }> }): string {
    const inner =
      'jir' in content
        ? `<tns:Jir>${content.jir}</tns:Jir>`
        : `<tns:Greske>${content.errors
            .map(
              (e) =>
                `<tns:Greska><tns:SifraGreske>${e.code}</tns:SifraGreske><tns:PorukaGreske>${xmlEscape(
                  (e.detail && e.code === 's001' ? `${CIS_ERRORS.s001} : ${e.detail}` : CIS_ERRORS[e.code]).slice(0, 500),
                )}</tns:PorukaGreske></tns:Greska>`,
            )
            .join('')}</tns:Greske>`;
    const odgovor =
      `<tns:RacunOdgovor xmlns:tns="${F73_NS}" Id="${`G${randomUUID().replace(/-/g, '')}`}">` +
      `<tns:Zaglavlje><tns:IdPoruke>${xmlEscape(messageId.slice(0, 36))}</tns:IdPoruke><tns:DatumVrijeme>${zagrebMessageTime(this.now())}</tns:DatumVrijeme></tns:Zaglavlje>` +
      inner +
      `</tns:RacunOdgovor>`;
    const envelope = `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body>${odgovor}</soap:Body></soap:Envelope>`;
    return this.opts.signer ? signEnveloped(envelope, 'RacunOdgovor', this.opts.signer) : envelope;
  }

  private keep(messageId: string, answer: string): void {
    this.answers.set(messageId, answer);
    if (this.answers.size > KEEP_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
  }

  private takeMode(): Mode {
    const mode = this.mode;
    if (this.remaining !== null && mode.kind !== 'normal') {
      this.remaining -= 1;
      if (this.remaining <= 0) {
        this.mode = { kind: 'normal' };
        this.remaining = null;
      }
    }
    return mode;
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }
}

function readFacts(body: string): Pick<ReceivedCisMessage, 'messageId' | 'invoiceNumber' | 'lateDelivery'> {
  const tag = (name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]{1,100})</(?:\\w+:)?${name}>`).exec(body)?.[1]?.trim() ?? null;
  const messageId = tag('IdPoruke');
  const number = [tag('BrOznRac'), tag('OznPosPr'), tag('OznNapUr')];
  const late = tag('NakDost');
  return {
    messageId: messageId && /^[a-f0-9-]{36}$/.test(messageId) ? messageId : null,
    invoiceNumber: number.every(Boolean) ? number.join('/') : null,
    lateDelivery: late === null ? null : late === 'true' || late === '1',
  };
}

function outcomeOf(answer: string): ReceivedCisMessage['outcome'] {
  const jir = /<tns:Jir>([^<]+)<\/tns:Jir>/.exec(answer)?.[1];
  return jir ? { kind: 'jir', jir } : { kind: 'rejected', code: /<tns:SifraGreske>([^<]+)</.exec(answer)?.[1] ?? '' };
}

function soapFault(code: 'Client' | 'Server', message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_NS}"><soap:Body><soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${xmlEscape(message)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
}
