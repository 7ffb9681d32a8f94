import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CisResponseError, parseRacunOdgovor } from './cis-response.js';
import { verifyEnvelopedSignature } from './signature-verifier.js';
import { F73_NS } from './xml-text.js';

const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/fiscal/${name}`, import.meta.url), 'utf8');

describe("parseRacunOdgovor on the spec's example answers", () => {
  it.each(['racun-odgovor-9.3.xml', 'racun-odgovor-9.4.xml'])('%s: a JIR', (name) => {
    const raw = fixture(name);
    const parsed = parseRacunOdgovor(raw);
    expect(parsed.answer).toEqual({ kind: 'jir', jir: '6b7749c6-56c1-4cf5-b7f7-9f29cebc9f7f', raw });
    expect(parsed.messageId).toBe('733362f1-063f-11e2-892e-0800200c9a66');
    expect(parsed.processedAt).toBe('01.09.2012T21:10:38');
  });

  it.each(['racun-odgovor-9.5.xml', 'racun-odgovor-9.6.xml'])('%s: error s001 with its message', (name) => {
    const parsed = parseRacunOdgovor(fixture(name));
    expect(parsed.answer.kind).toBe('rejected');
    if (parsed.answer.kind !== 'rejected') return;
    expect(parsed.answer.errors).toHaveLength(1);
    expect(parsed.answer.errors[0]!.code).toBe('s001');
    expect(parsed.answer.errors[0]!.message).toMatch(
      /^Poruka nije u skladu s XML shemom : cvc-simple-type 1: element .*IznosUkupno value '7000000008000990.99'/,
    );
    expect(parsed.messageId).toBe('733362f3-063f-11e2-892e-080b300c9a66');
  });

  it('the signed examples carry CIS DEMO certificate fiskalcistest (their text from the PDF no longer verifies)', async () => {
    const check = await verifyEnvelopedSignature(fixture('racun-odgovor-9.4.xml'), 'RacunOdgovor', F73_NS);
    expect(check).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses what is no answer', () => {
    expect(() => parseRacunOdgovor('not xml <')).toThrow(CisResponseError);
    expect(() => parseRacunOdgovor('<a/>')).toThrow(CisResponseError);
    const fault =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>down</faultstring></soap:Fault></soap:Body></soap:Envelope>';
    expect(() => parseRacunOdgovor(fault)).toThrow('SOAP fault: down');
    const empty = fixture('racun-odgovor-9.3.xml').replace(/<tns:Jir>.*<\/tns:Jir>/, '');
    expect(() => parseRacunOdgovor(empty)).toThrow(CisResponseError);
    const badJir = fixture('racun-odgovor-9.3.xml').replace(/<tns:Jir>.*<\/tns:Jir>/, '<tns:Jir>123</tns:Jir>');
    expect(() => parseRacunOdgovor(badJir)).toThrow(CisResponseError);
  });
});
