import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { computeZki, zkiInputText, type ZkiInput } from './zki.js';

/**
 * Vectors made independently of zki.ts: the openssl command line signs the same text with the same key
 * (`openssl dgst -sha1 -sign key.pem | openssl dgst -md5`), the text written out by hand in each case.
 */
const dir = mkdtempSync(join(tmpdir(), 'zki-'));
const keyPath = join(dir, 'key.pem');
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
writeFileSync(keyPath, privateKeyPem);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function opensslZki(text: string): string {
  const signature = execFileSync('openssl', ['dgst', '-sha1', '-sign', keyPath], { input: Buffer.from(text, 'utf8') });
  const out = execFileSync('openssl', ['dgst', '-md5', '-r'], { input: signature }).toString();
  return out.split(' ')[0]!.trim();
}

const base: ZkiInput = {
  oib: '47193065287',
  issuedAt: new Date('2026-07-14T08:05:09Z'),
  sequence: 17,
  premise: 'ZZ1',
  device: '1',
  totalCents: 2706,
};

describe('computeZki (spec 12)', () => {
  const cases: Array<[string, ZkiInput, string]> = [
    ['a summer invoice (CEST, UTC+2)', base, '4719306528714.07.2026 10:05:0917ZZ1127.06'],
    ['a storno: negative total with a minus', { ...base, sequence: 18, totalCents: -2706 }, '4719306528714.07.2026 10:05:0918ZZ11-27.06'],
    ['a winter invoice (CET, UTC+1)', { ...base, issuedAt: new Date('2026-01-15T23:30:00Z') }, '4719306528716.01.2026 00:30:0017ZZ1127.06'],
    [
      'new year in Zagreb while it is still the old year in UTC',
      { ...base, issuedAt: new Date('2026-12-31T23:00:01Z'), sequence: 1 },
      '4719306528701.01.2027 00:00:011ZZ1127.06',
    ],
    [
      'the spring DST change: 01:59:59 CET is followed by 03:00:00 CEST',
      { ...base, issuedAt: new Date('2026-03-29T01:00:00Z') },
      '4719306528729.03.2026 03:00:0017ZZ1127.06',
    ],
    [
      'the autumn DST change: the second 02:30 (CET)',
      { ...base, issuedAt: new Date('2026-10-25T01:30:00Z') },
      '4719306528725.10.2026 02:30:0017ZZ1127.06',
    ],
    [
      'cents below ten and a long premise',
      { ...base, premise: 'WEBSHOP2', device: '12', totalCents: 5 },
      '4719306528714.07.2026 10:05:0917WEBSHOP2120.05',
    ],
    ['a round total', { ...base, totalCents: 100000 }, '4719306528714.07.2026 10:05:0917ZZ111000.00'],
  ];

  it.each(cases)('%s', (_name, input, text) => {
    expect(zkiInputText(input)).toBe(text);
    const zki = computeZki(input, privateKeyPem);
    expect(zki).toMatch(/^[0-9a-f]{32}$/);
    expect(zki).toBe(opensslZki(text));
  });

  it('is deterministic and changes with every part', () => {
    const zki = computeZki(base, privateKeyPem);
    expect(computeZki(base, privateKeyPem)).toBe(zki);
    for (const change of [
      { oib: '12345678903' },
      { sequence: 18 },
      { premise: 'ZZ2' },
      { device: '2' },
      { totalCents: 2707 },
      { issuedAt: new Date('2026-07-14T08:05:10Z') },
    ])
      expect(computeZki({ ...base, ...change }, privateKeyPem)).not.toBe(zki);
  });

  it('refuses parts the spec does not allow', () => {
    expect(() => computeZki({ ...base, oib: '4719306528' }, privateKeyPem)).toThrow(RangeError);
    expect(() => computeZki({ ...base, device: '01' }, privateKeyPem)).toThrow(RangeError);
    expect(() => computeZki({ ...base, premise: 'ZZ-1' }, privateKeyPem)).toThrow(RangeError);
    expect(() => computeZki({ ...base, sequence: 0 }, privateKeyPem)).toThrow(RangeError);
    expect(() => computeZki({ ...base, totalCents: 12.5 }, privateKeyPem)).toThrow(RangeError);
    expect(() => computeZki({ ...base, issuedAt: new Date('nope') }, privateKeyPem)).toThrow(RangeError);
  });
});
