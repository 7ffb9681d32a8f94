import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import cookieParser from 'cookie-parser';
import express from 'express';
import { sampleInvoiceDocument } from '../../../../../test/support/invoice-document.js';
import { createCsrf } from '../../../../platform/http/csrf.js';
import { jsonBodiesOnly, jsonBodyParser } from '../../../../platform/http/json-bodies.js';
import type { InvoiceDocument } from '../../invoice-document.js';
import type { CisAnswer } from '../cis-response.js';
import {
  DEMO_CERTIFICATE_PASSWORD,
  generateDemoCertificateP12,
  loadFiscalCertificate,
  type FiscalCertificate,
} from '../fiscal-certificate.js';
import { soapBodyElement, validateFiscalMessage } from '../fiscal-schema.js';
import { CisGateway, CisUnavailableError, isTransientRejection, SandboxCisGateway } from '../gateway.js';
import { buildRacunZahtjev } from '../racun-zahtjev.js';
import { computeZki } from '../zki.js';
import { CisEmulator } from './cis-emulator.js';
import { CIS_SANDBOX_CONTROL_PATH, CIS_SANDBOX_MESSAGES_PATH, CIS_SANDBOX_PATH, mountFiscalSandbox } from './cis-sandbox.routes.js';

const OIB = '47193065287';
let cert: FiscalCertificate;
let cisCert: FiscalCertificate;
let emulator: CisEmulator;
let signingEmulator: CisEmulator;
let server: Server;
let signingServer: Server;
let base: string;
let signingBase: string;

/** The shop's own request chain in front of the routes (main.ts): cookies, the CSRF check, JSON-only bodies, the body parser. */
async function listen(emu: CisEmulator): Promise<[Server, string]> {
  const app = express();
  const csrf = createCsrf({ secret: 'x'.repeat(40), secure: false });
  app.use(cookieParser(), csrf.protect, jsonBodiesOnly(csrf.exempt), jsonBodyParser(csrf.exempt));
  mountFiscalSandbox(app, emu);
  const srv = createServer(app);
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  return [srv, `http://127.0.0.1:${(srv.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  cert = loadFiscalCertificate(generateDemoCertificateP12({ oib: OIB, companyName: 'Zlatno zrno d.o.o.' }), DEMO_CERTIFICATE_PASSWORD);
  cisCert = loadFiscalCertificate(
    generateDemoCertificateP12({ oib: '02994650199', companyName: 'FISKALCISTEST' }),
    DEMO_CERTIFICATE_PASSWORD,
  );
  emulator = new CisEmulator();
  signingEmulator = new CisEmulator({ signer: cisCert });
  [server, base] = await listen(emulator);
  [signingServer, signingBase] = await listen(signingEmulator);
});
afterAll(async () => {
  server.closeAllConnections();
  signingServer.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => signingServer.close(r))]);
});
beforeEach(() => emulator.control({ action: 'reset' }));

let counter = 0;
function message(doc: InvoiceDocument = sampleInvoiceDocument(), signWith: FiscalCertificate = cert, lateDelivery = false): string {
  counter += 1;
  const zki = computeZki(
    {
      oib: doc.seller.oib,
      issuedAt: doc.issuedAt,
      sequence: doc.sequence,
      premise: doc.premise,
      device: doc.device,
      totalCents: doc.total,
    },
    signWith.privateKeyPem,
  );
  const messageId = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return buildRacunZahtjev({ ...doc, zki }, { messageId, sentAt: new Date(), lateDelivery }, signWith);
}

const gateway = () => new SandboxCisGateway({ url: `${base}${CIS_SANDBOX_PATH}` });
const send = (xml: string, timeoutMs = 5000) => gateway().send(xml, { timeoutMs });
const codes = (a: CisAnswer) => (a.kind === 'rejected' ? a.errors.map((e) => e.code) : [a.kind]);

describe('the CIS emulator over HTTP, with the sandbox adapter', () => {
  it('answers a JIR to a valid invoice, and the answer is a valid RacunOdgovor for that message', async () => {
    const xml = message();
    const answer = await send(xml);
    expect(answer.kind).toBe('jir');
    if (answer.kind !== 'jir') return;
    expect(answer.jir).toMatch(/^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[a-f0-9]{4}-[a-f0-9]{12}$/);
    const odgovor = soapBodyElement(answer.raw);
    expect(odgovor.localName).toBe('RacunOdgovor');
    expect(await validateFiscalMessage(odgovor.xml)).toEqual({ valid: true, errors: [] });
    expect(answer.raw).toContain(`<tns:IdPoruke>${/<tns:IdPoruke>([^<]+)</.exec(xml)![1]}</tns:IdPoruke>`);
    const [received] = emulator.received();
    expect(received).toMatchObject({ invoiceNumber: '17/ZZ1/1', lateDelivery: false, outcome: { kind: 'jir', jir: answer.jir } });
  });

  it('fiscalizes a storno, an R1 invoice and a late delivery', async () => {
    const buyer = { ...sampleInvoiceDocument().buyer, kind: 'business' as const, taxId: '12345678903' };
    expect((await send(message(sampleInvoiceDocument({ storno: true })))).kind).toBe('jir');
    expect((await send(message(sampleInvoiceDocument({ buyer, cisPaymentCode: 'G' })))).kind).toBe('jir');
    expect((await send(message(sampleInvoiceDocument(), cert, true))).kind).toBe('jir');
    expect(emulator.received().map((m) => m.lateDelivery)).toEqual([false, false, true]);
  });

  it('the same IdPoruke twice gets the same answer (one JIR)', async () => {
    const xml = message();
    const first = await send(xml);
    const second = await send(xml);
    expect(second).toEqual(first);
    expect(emulator.received()).toHaveLength(2);
  });

  it('s001 for a message against the schema, with libxml2 naming the element', async () => {
    const answer = await send(message().replace('<tns:OznSlijed>P</tns:OznSlijed>', '<tns:OznSlijed>X</tns:OznSlijed>'));
    expect(codes(answer)).toEqual(['s001']);
    if (answer.kind === 'rejected') expect(answer.errors[0]!.message).toMatch(/^Poruka nije u skladu s XML shemom : .*OznSlijed/);
    expect(codes(await send(message().replace('<tns:IznosUkupno>22.15<', '<tns:IznosUkupno>22,15<')))).toEqual(['s001']);
    expect(codes(await send('<not-soap/>'))).toEqual(['s001']);
    expect(codes(await send('not xml at all <'))).toEqual(['s001']);
  });

  it('s004 for a signature that does not verify, or none', async () => {
    const tampered = await send(message().replace('<tns:IznosUkupno>22.15<', '<tns:IznosUkupno>2.15<'));
    expect(codes(tampered)).toEqual(['s004']);
    expect(isTransientRejection(tampered)).toBe(false);
    expect(codes(await send(message().replace(/<Signature[\s\S]*<\/Signature>/, '')))).toEqual(['s004']);
  });

  it("s005 when Racun/Oib is not the certificate's OIB", async () => {
    const doc = sampleInvoiceDocument({ seller: { ...sampleInvoiceDocument().seller, oib: '12345678903' } });
    expect(codes(await send(message(doc)))).toEqual(['s005']);
  });

  it('s003 for a certificate without an OIB, s002 for an expired one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cis-cert-'));
    try {
      const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
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
        '2',
        '-subj',
        '/C=HR/O=NO OIB/CN=FISKAL 1',
      );
      openssl('pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'f.p12', '-passout', 'pass:x');
      const noOib = loadFiscalCertificate(readFileSync(join(dir, 'f.p12')), 'x');
      expect(codes(await send(message(sampleInvoiceDocument(), noOib)))).toEqual(['s003']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const later = new CisEmulator({ now: () => new Date(Date.now() + 11 * 365 * 86_400_000) });
    const reply = await later.receive(message(), undefined);
    expect(reply.kind === 'answer' && /<tns:SifraGreske>s002</.test(reply.body)).toBe(true);
  });

  it('fails with error X for the next N messages when told to, then answers normally', async () => {
    emulator.control({ action: 'error', code: 's006', count: 2 });
    const systemError = await send(message());
    expect(codes(systemError)).toEqual(['s006']);
    expect(isTransientRejection(systemError)).toBe(true);
    expect(codes(await send(message()))).toEqual(['s006']);
    expect(codes(await send(message()))).toEqual(['jir']);
  });

  it('a retried message id after a forced error gets a JIR (forced errors are not kept)', async () => {
    const xml = message();
    emulator.control({ action: 'error', code: 's006', count: 1 });
    expect(codes(await send(xml))).toEqual(['s006']);
    expect(codes(await send(xml))).toEqual(['jir']);
  });

  it('down: HTTP 503 without SOAP is CisUnavailableError, until reset', async () => {
    emulator.control({ action: 'down' });
    for (let i = 0; i < 2; i++) await expect(send(message())).rejects.toMatchObject({ name: 'CisUnavailableError', reason: 'http_status' });
    emulator.control({ action: 'reset' });
    expect(codes(await send(message()))).toEqual(['jir']);
  });

  it('timeout: no answer within the adapter timeout is CisUnavailableError(timeout)', async () => {
    emulator.control({ action: 'timeout', count: 1, holdMs: 3000 });
    const started = Date.now();
    await expect(send(message(), 300)).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(codes(await send(message()))).toEqual(['jir']);
    expect(emulator.received().map((m) => m.outcome.kind)).toEqual(['timeout', 'jir']);
  });

  it('no server at all is CisUnavailableError(connection)', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await new SandboxCisGateway({ url: `http://127.0.0.1:${port}/sandbox/cis` })
      .send(message(), { timeoutMs: 2000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CisUnavailableError);
    expect((err as CisUnavailableError).reason).toBe('connection');
  });

  it('checks signed answers against the configured CIS certificate', async () => {
    const trusting = new SandboxCisGateway({ url: `${signingBase}${CIS_SANDBOX_PATH}`, trustedAnswerCertificate: cisCert.certificatePem });
    expect((await trusting.send(message(), { timeoutMs: 5000 })).kind).toBe('jir');
    const wrongTrust = new SandboxCisGateway({ url: `${signingBase}${CIS_SANDBOX_PATH}`, trustedAnswerCertificate: cert.certificatePem });
    await expect(wrongTrust.send(message(), { timeoutMs: 5000 })).rejects.toMatchObject({ reason: 'untrusted_answer' });
    const unsignedButTrusting = new SandboxCisGateway({
      url: `${base}${CIS_SANDBOX_PATH}`,
      trustedAnswerCertificate: cisCert.certificatePem,
    });
    await expect(unsignedButTrusting.send(message(), { timeoutMs: 5000 })).rejects.toMatchObject({ reason: 'untrusted_answer' });
  });

  it('the control and messages endpoints: JSON commands validated, the received list readable', async () => {
    // node:http, to send an Origin header as a browser or a tool would.
    const post = (body: unknown, origin: string | null = base) =>
      new Promise<{ status: number }>((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = httpRequest(
          `${base}${CIS_SANDBOX_CONTROL_PATH}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(origin ? { origin } : {}) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    // Not a CSRF exemption: a call proving nothing, or from another site, is refused.
    expect((await post({ action: 'down' }, null)).status).toBe(403);
    expect((await post({ action: 'down' }, 'https://evil.example')).status).toBe(403);
    expect((await post({ action: 'explode' })).status).toBe(400);
    expect((await post({ action: 'error', code: 's999' })).status).toBe(400);
    expect((await post({ action: 'down', count: 0 })).status).toBe(400);
    expect((await post({ action: 'error', code: 's002', count: 1 })).status).toBe(204);
    expect(codes(await send(message()))).toEqual(['s002']);
    const list = (await (await fetch(`${base}${CIS_SANDBOX_MESSAGES_PATH}`)).json()) as {
      data: Array<{ outcome: { kind: string; code?: string } }>;
    };
    expect(list.data.map((m) => m.outcome)).toEqual([{ kind: 'rejected', code: 's002' }]);
  });

  it('keeps the last 200 messages', async () => {
    const xml = message();
    for (let i = 0; i < 205; i++) await emulator.receive(xml, undefined);
    expect(emulator.received()).toHaveLength(200);
  });

  it('refuses an unknown SOAPAction with a SOAP fault, which the adapter reports as unavailable', async () => {
    const reply = await emulator.receive(message(), '"urn:other"');
    expect(reply).toMatchObject({ kind: 'answer', status: 500 });
  });

  it('the cis adapter insists on https', () => {
    expect(() => new CisGateway({ url: 'http://cistest.apis-it.hr:8449/FiskalizacijaServiceTest' })).toThrow(/https/);
    expect(() => new CisGateway({ url: 'https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest' })).not.toThrow();
  });
});
