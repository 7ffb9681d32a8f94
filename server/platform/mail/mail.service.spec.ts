import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../../config/index.js';
import { firstLink, MailService } from './mail.service.js';

describe('firstLink (what the file sink logs)', () => {
  it('finds the first http(s) link of a text part', () => {
    expect(firstLink('Aktivirajte račun https://shop.hr/api/auth/activate?token=a1&x=2\n\nhttps://shop.hr/politika-privatnosti')).toBe(
      'https://shop.hr/api/auth/activate?token=a1&x=2',
    );
  });

  it('leaves sentence punctuation out of the link', () => {
    expect(firstLink('Read our Privacy Policy https://shop.hr/en/privacy-policy.')).toBe('https://shop.hr/en/privacy-policy');
    expect(firstLink('(see http://localhost:3000/kosarica)')).toBe('http://localhost:3000/kosarica');
  });

  it('answers undefined for a text without a link', () => {
    expect(firstLink('Pozdrav, Ana! info@zlatnozrno.hr · +385 31 555 012')).toBeUndefined();
  });
});

describe('MailService: a fixed Message-ID per recorded mail', () => {
  const config = (dir: string) =>
    ({
      isProduction: false,
      http: { publicUrl: 'http://localhost:3000' },
      mail: { from: 'Zlatno zrno <shop@zlatnozrno.hr>', smtpUrl: undefined, dir },
    }) as unknown as AppConfig;

  it('makes the same Message-ID for the same record, another for another, on the sender domain', () => {
    const mail = new MailService(config('/tmp'));
    const a = mail.stableMessageId('evt-1__confirmation');
    expect(a).toMatch(/^<[0-9a-f]{32}@zlatnozrno\.hr>$/);
    expect(mail.stableMessageId('evt-1__confirmation')).toBe(a);
    expect(mail.stableMessageId('evt-2__confirmation')).not.toBe(a);
  });

  it('writes the given Message-ID into the mail (both copies of a mail sent twice say the same)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mail-'));
    const mail = new MailService(config(dir));
    const messageId = mail.stableMessageId('evt-1__confirmation');
    const parts = { to: 'ana@example.com', subject: 'S', html: '<p>x</p>', text: 'x', messageId };
    expect(await mail.send(parts)).toBe(messageId);
    expect(await mail.send(parts)).toBe(messageId);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    for (const f of files) expect(await readFile(path.join(dir, f), 'utf8')).toContain(`Message-ID: ${messageId}`);
  });
});
