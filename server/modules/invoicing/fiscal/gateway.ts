import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { X509Certificate } from 'node:crypto';
import { parseRacunOdgovor, type CisAnswer } from './cis-response.js';
import { verifyEnvelopedSignature } from './signature-verifier.js';
import { F73_NS } from './xml-text.js';

/** Speaks to CIS (or its sandbox): one signed RacunZahtjev envelope in, its answer out. */
export interface FiscalizationGateway {
  /**
   * Sends the signed SOAP envelope and returns what CIS answered: a JIR or its error list. Throws
   * CisUnavailableError when no trustworthy answer came (timeout, no connection, an HTTP error
   * without a RacunOdgovor, an answer for another message or with a bad signature): the caller keeps
   * the invoice with its ZKI and sends it again later with NakDost (spec 2.1; law art. 21).
   */
  send(signedXml: string, opts: { timeoutMs: number }): Promise<CisAnswer>;
}

export type CisUnavailableReason = 'timeout' | 'connection' | 'http_status' | 'bad_answer' | 'untrusted_answer';

export class CisUnavailableError extends Error {
  override name = 'CisUnavailableError';
  constructor(
    message: string,
    readonly reason: CisUnavailableReason,
  ) {
    super(message);
  }
}

/** SOAPAction of the `racuni` operation (FiskalizacijaService.wsdl v1.9). */
export const SOAP_ACTION_RACUNI = 'http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/racuni';

/**
 * CIS's own errors (spec 2.6) that say nothing about our message: s006 'system error while processing'.
 * Sending the same invoice again later (NakDost) is right. s001-s005 mean the message or certificate is
 * wrong: sending it again as it is cannot help.
 */
export function isTransientRejection(answer: CisAnswer): boolean {
  return answer.kind === 'rejected' && answer.errors.every((e) => e.code === 's006');
}

/** The largest answer read (a RacunOdgovor is about 5 kB signed). */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface SoapGatewaySettings {
  url: string;
  /** PEM of the CA(s) the TLS server certificate must chain to (FISCAL_CA_PATH); default: Node's bundled roots. */
  ca?: string;
  /**
   * PEM of the certificate CIS signs its answers with (fiskalcis, or fiskalcistest for the test
   * service; FISCAL_CIS_CERT_PATH). When set, every answer must carry a valid signature by it (or by
   * a certificate it issued); when unset, answers are not checked (TLS to the configured host is what
   * is trusted then).
   */
  trustedAnswerCertificate?: string;
}

/**
 * SOAP 1.1 over HTTP(S) to the `racuni` operation. One class for both adapters, since the sandbox
 * speaks the same protocol: `cis` (CisGateway) insists on https; `sandbox` (SandboxCisGateway) posts
 * to the shop's emulator, plain http allowed.
 */
class SoapFiscalizationGateway implements FiscalizationGateway {
  private readonly trusted: X509Certificate | undefined;

  constructor(private readonly settings: SoapGatewaySettings) {
    this.trusted = settings.trustedAnswerCertificate ? new X509Certificate(settings.trustedAnswerCertificate) : undefined;
  }

  async send(signedXml: string, opts: { timeoutMs: number }): Promise<CisAnswer> {
    const sentId = /<(?:\w+:)?IdPoruke>([^<]*)<\/(?:\w+:)?IdPoruke>/.exec(signedXml)?.[1];
    const res = await postSoap(this.settings.url, signedXml, { timeoutMs: opts.timeoutMs, ca: this.settings.ca });
    let parsed;
    try {
      parsed = parseRacunOdgovor(res.body);
    } catch (err) {
      throw new CisUnavailableError(
        `CIS answered HTTP ${res.status} without a usable RacunOdgovor: ${(err as Error).message}`,
        res.status >= 400 ? 'http_status' : 'bad_answer',
      );
    }
    // CIS answers with the request's message id (spec 2.1.3); an answer to another message is no answer.
    if (sentId && parsed.messageId && parsed.messageId !== sentId)
      throw new CisUnavailableError(`CIS answered message ${parsed.messageId}, not ${sentId}`, 'bad_answer');
    if (this.trusted) {
      const check = await verifyEnvelopedSignature(res.body, 'RacunOdgovor', F73_NS);
      if (!check.ok) throw new CisUnavailableError(`CIS's answer is not signed validly (${check.reason})`, 'untrusted_answer');
      const signer = check.certificate;
      if (
        signer.fingerprint256 !== this.trusted.fingerprint256 &&
        !(signer.checkIssued(this.trusted) && signer.verify(this.trusted.publicKey))
      )
        throw new CisUnavailableError("CIS's answer is signed by a certificate that is not the configured one", 'untrusted_answer');
    }
    return parsed.answer;
  }
}

/** The Tax Administration's service (spec 6.1): https only. */
export class CisGateway extends SoapFiscalizationGateway {
  constructor(settings: SoapGatewaySettings) {
    if (new URL(settings.url).protocol !== 'https:') throw new Error('FISCAL_URL must be https:// for the cis provider');
    super(settings);
  }
}

/** The shop's emulator of CIS (POST /sandbox/cis, sandbox/cis-emulator.ts), over real HTTP like CIS. */
export class SandboxCisGateway extends SoapFiscalizationGateway {}

/** POSTs a SOAP envelope; resolves with any HTTP status, throws CisUnavailableError on timeout or connection failure. */
function postSoap(url: string, body: string, opts: { timeoutMs: number; ca?: string }): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const payload = Buffer.from(body, 'utf8');
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: CisUnavailableError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'text/xml; charset=utf-8',
          'Content-Length': payload.length,
          SOAPAction: `"${SOAP_ACTION_RACUNI}"`,
        },
        ...(opts.ca ? { ca: opts.ca } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) return fail(new CisUnavailableError('CIS answer too large', 'bad_answer'));
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => fail(new CisUnavailableError(`CIS connection failed: ${err.message}`, 'connection')));
      },
    );
    // One deadline for the whole exchange (connect, send, answer), as spec 2.1 asks the issuer to set.
    const timer = setTimeout(
      () => fail(new CisUnavailableError(`CIS did not answer within ${opts.timeoutMs} ms`, 'timeout')),
      opts.timeoutMs,
    );
    req.on('error', (err) => {
      fail(new CisUnavailableError(`CIS connection failed: ${err.message}`, 'connection'));
    });
    req.end(payload);
  });
}
