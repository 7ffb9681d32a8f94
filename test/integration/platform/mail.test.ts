import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import PostalMime, { type Email, type Mailbox } from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { company } from '../../../contract/brand/company.js';
import { EmptyMailError, MailQueue, MailService, SEND_TEMPLATE_JOB } from '../../../server/platform/mail/index.js';
import { QueueName, QueueService } from '../../../server/platform/queue/index.js';
import { startShop } from '../../support/app.js';
import type { RunningShop } from '../../../server/main.js';

const PUBLIC_URL = 'https://shop.example.hr';
const FROM = 'Zlatno zrno <webshop@zlatnozrno.hr>';
const activation = (token: string) => ({
  firstName: 'Marta',
  activationUrl: `${PUBLIC_URL}/api/auth/activate?token=${token}`,
  expiresInHours: 24,
});

function header(mail: Email, name: string): string | undefined {
  return mail.headers.find((h) => h.key === name)?.value;
}

/** The MIME tree: one multipart/alternative with the text part first, the HTML part last (preferred). */
function expectAlternativeParts(raw: string) {
  expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
  const textAt = raw.search(/^Content-Type: text\/plain; charset=utf-8/m);
  const htmlAt = raw.search(/^Content-Type: text\/html; charset=utf-8/m);
  expect(textAt).toBeGreaterThan(0);
  expect(htmlAt).toBeGreaterThan(textAt);
}

describe('mail over SMTP (SMTP_URL set)', () => {
  const received: Array<{ raw: Buffer; from: string; to: string[]; user: unknown }> = [];
  let smtp: SMTPServer;
  let shop: RunningShop & { url: string };
  let mailDir: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'shop' && auth.password === 's3cret pass') callback(null, { user: 'shop' });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks),
            from: (session.envelope.mailFrom as SMTPServerAddress).address,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'shop-mail-smtp-'));
    shop = await startShop({
      env: {
        SMTP_URL: `smtp://shop:${encodeURIComponent('s3cret pass')}@127.0.0.1:${port}`,
        MAIL_FROM: FROM,
        PUBLIC_URL,
        MAIL_DIR: mailDir,
      },
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  it('delivers a rendered template over real SMTP, authenticated with the URL credentials', async () => {
    const mail = shop.app.get(MailService);
    const messageId = await mail.sendTemplate('account-activation', activation('smtp-t0k3n'), {
      to: 'Marta Horvat <marta@example.com>',
      locale: 'de',
    });

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery.user).toBe('shop');
    expect(delivery.from).toBe('webshop@zlatnozrno.hr');
    expect(delivery.to).toEqual(['marta@example.com']);

    const raw = delivery.raw.toString('utf8');
    expectAlternativeParts(raw);
    const parsed = await PostalMime.parse(delivery.raw);
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.subject).toBe('Bitte aktivieren Sie Ihr Kundenkonto bei Zlatno zrno');
    expect(parsed.from).toEqual({ name: 'Zlatno zrno', address: 'webshop@zlatnozrno.hr' });
    expect(parsed.to).toEqual([{ name: 'Marta Horvat', address: 'marta@example.com' }] satisfies Mailbox[]);
    expect(header(parsed, 'content-language')).toBe('de');
    expect(header(parsed, 'auto-submitted')).toBe('auto-generated');
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/api/auth/activate?token=smtp-t0k3n"`);
    expect(parsed.html).toContain('Hallo Marta,');
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/de/privacy-policy"`);
    expect(parsed.html).toContain(company.legalName);
    expect(parsed.text).toContain(`${PUBLIC_URL}/api/auth/activate?token=smtp-t0k3n`);
    expect(parsed.text).toContain('24 Stunden');

    // SMTP mode writes no files.
    expect(await readdir(mailDir)).toEqual([]);
  });

  it('refuses empty bodies before anything reaches the server', async () => {
    const mail = shop.app.get(MailService);
    const before = received.length;
    await expect(mail.send({ to: 'marta@example.com', subject: 'Hallo', html: '', text: 'Text' })).rejects.toEqual(
      new EmptyMailError(['html']),
    );
    await expect(mail.send({ to: 'marta@example.com', subject: 'Hallo', html: '<p>x</p>', text: '  \n ' })).rejects.toEqual(
      new EmptyMailError(['text']),
    );
    await expect(mail.send({ to: 'marta@example.com', subject: ' ', html: '', text: '' })).rejects.toEqual(
      new EmptyMailError(['subject', 'html', 'text']),
    );
    expect(received).toHaveLength(before);
  });

  it('sends a queued mail from the worker, once per job id, and fails a mail that cannot render for good', async () => {
    const before = received.length;
    const mailQueue = shop.app.get(MailQueue);
    await mailQueue.enqueue(
      'account-activation',
      activation('queued-t0k3n'),
      { to: 'ana@example.com', locale: 'sl' },
      'activation__queued-1',
    );
    await mailQueue.enqueue(
      'account-activation',
      activation('queued-t0k3n'),
      { to: 'ana@example.com', locale: 'sl' },
      'activation__queued-1',
    );
    const queue = shop.app.get(QueueService).queue(QueueName.Mail);
    const deadline = Date.now() + 15_000;
    while (received.length < before + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300)); // a second send would arrive now
    expect(received).toHaveLength(before + 1);
    const parsed = await PostalMime.parse(received[before].raw);
    expect(parsed.to).toEqual([{ name: '', address: 'ana@example.com' }]);
    expect(header(parsed, 'content-language')).toBe('sl');
    expect(parsed.text).toContain('queued-t0k3n');

    // A relative link is a template bug: no retry can fix it, so the job fails at its first attempt.
    await mailQueue.enqueue(
      'account-activation',
      { ...activation('x'), activationUrl: '/relative' },
      { to: 'ana@example.com', locale: 'hr' },
      'activation__broken-1',
    );
    let job = await queue.getJob('activation__broken-1');
    while (job && !(await job.isFailed()) && Date.now() < deadline + 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      job = await queue.getJob('activation__broken-1');
    }
    expect(await job!.isFailed()).toBe(true);
    job = await queue.getJob('activation__broken-1'); // read the fields after the state: the object above may predate the failure
    expect(job!.attemptsMade).toBe(1);
    expect(job!.failedReason).toMatch(/^MAIL_RELATIVE_LINK|RELATIVE/);
    expect(received).toHaveLength(before + 1);
  });

  it('keeps the props of a queued mail sealed; sealed props copied into another job fail it for good', async () => {
    const queue = shop.app.get(QueueService).queue(QueueName.Mail);
    const until = async (what: string, probe: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 15_000;
      while (!(await probe())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const to = (address: string) => received.filter((r) => r.to.includes(address));

    await shop.app
      .get(MailQueue)
      .enqueue('account-activation', activation('sealed-t0k3n'), { to: 'vesna@example.com', locale: 'en' }, 'activation__sealed-1');
    await until('the sealed mail', () => to('vesna@example.com').length === 1);
    expect(to('vesna@example.com')[0].raw.toString('utf8')).toContain('sealed-t0k3n');
    const job = (await queue.getJob('activation__sealed-1'))!;
    expect(job.data).toMatchObject({ template: 'account-activation', to: 'vesna@example.com', locale: 'en', props: { sealed: 'v1' } });
    expect(JSON.stringify(job.data)).not.toContain('t0k3n');

    // Someone who can write to the queue copies the sealed props into a job to their own address.
    await queue.add(SEND_TEMPLATE_JOB, { ...job.data, to: 'mallory@example.com' }, { jobId: 'activation__copied-1' });
    await until('the copied job failed', async () => (await queue.getJobState('activation__copied-1')) === 'failed');
    const copied = (await queue.getJob('activation__copied-1'))!;
    expect(copied.attemptsMade).toBe(1);
    expect(copied.failedReason).toMatch(/^QUEUE_SEALED_DATA_INVALID/);
    expect(copied.failedReason).not.toContain('t0k3n');
    expect(to('mallory@example.com')).toEqual([]);

    // A job queued before props were sealed (plain props) is still sent.
    await queue.add(
      SEND_TEMPLATE_JOB,
      { template: 'account-activation', props: activation('plain-t0k3n'), to: 'stari@example.com', locale: 'hr' },
      { jobId: 'activation__plain-1' },
    );
    await until('the plain job sent', () => to('stari@example.com').length === 1);
    expect(to('stari@example.com')[0].raw.toString('utf8')).toContain('plain-t0k3n');
  });
});

describe('mail without SMTP_URL (file sink)', () => {
  let shop: RunningShop & { url: string };
  let base: string;
  let mailDir: string;

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'shop-mail-sink-'));
    mailDir = path.join(base, 'not', 'yet', 'there');
    shop = await startShop({ env: { SMTP_URL: undefined, MAIL_DIR: mailDir, MAIL_FROM: FROM, PUBLIC_URL } });
  });

  afterAll(async () => {
    await shop?.stop();
    if (base) await rm(base, { recursive: true, force: true });
  });

  it('writes one .eml file per mail (directory created, names sorted by time) and logs subject and first link', async () => {
    const mail = shop.app.get(MailService);
    const log = jest.spyOn(Logger.prototype, 'log');
    try {
      const first = await mail.sendTemplate('account-activation', activation('file-t0k3n-1'), { to: 'ana@example.com', locale: 'sl' });
      await new Promise((r) => setTimeout(r, 5));
      const second = await mail.sendTemplate('account-activation', activation('file-t0k3n-2'), { to: 'ivan@example.com', locale: 'hr' });

      const files = (await readdir(mailDir)).sort();
      expect(files).toHaveLength(2);
      for (const name of files) expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z_[A-Za-z0-9.@_-]+\.eml$/);
      expect(files[0]).toContain(first.replace(/[<>]/g, ''));
      expect(files[1]).toContain(second.replace(/[<>]/g, ''));

      const raw = await readFile(path.join(mailDir, files[0]));
      expect(raw.toString('latin1')).toMatch(/\r\n\r\n/); // CRLF line ends, as RFC 5322 wants
      expectAlternativeParts(raw.toString('utf8'));
      const parsed = await PostalMime.parse(raw);
      expect(parsed.messageId).toBe(first);
      expect(parsed.subject).toBe('Aktivirajte svoj uporabniški račun v spletni trgovini Zlatno zrno');
      expect(parsed.to).toEqual([{ name: '', address: 'ana@example.com' }]);
      expect(parsed.from).toEqual({ name: 'Zlatno zrno', address: 'webshop@zlatnozrno.hr' });
      expect(header(parsed, 'content-language')).toBe('sl');
      expect(parsed.html).toContain('Pozdravljeni, Marta!');
      expect(parsed.html).toContain(`href="${PUBLIC_URL}/sl/politika-privatnosti"`);
      expect(parsed.text).toContain(`${PUBLIC_URL}/api/auth/activate?token=file-t0k3n-1`);

      const lines = log.mock.calls.map(([, message]) => String(message));
      const line = lines.find((l) => l.includes('file-t0k3n-1'));
      expect(line).toContain('"Aktivirajte svoj uporabniški račun v spletni trgovini Zlatno zrno"');
      expect(line).toContain(`first link: ${PUBLIC_URL}/api/auth/activate?token=file-t0k3n-1`);
      expect(line).toContain(files[0]);
    } finally {
      log.mockRestore();
    }
  });

  it('makes the folder again when someone removed it while the shop runs', async () => {
    const mail = shop.app.get(MailService);
    await rm(path.join(base, 'not'), { recursive: true, force: true });
    await mail.sendTemplate('account-activation', activation('file-t0k3n-3'), { to: 'eva@example.com', locale: 'en' });
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
  });

  it('refuses empty bodies and writes nothing for them', async () => {
    const mail = shop.app.get(MailService);
    const before = (await readdir(mailDir)).length;
    await expect(mail.send({ to: 'ana@example.com', subject: 'Pozdrav', html: '   ', text: '' })).rejects.toEqual(
      new EmptyMailError(['html', 'text']),
    );
    await expect(mail.send({ to: '', subject: 'Pozdrav', html: '<p>Pozdrav</p>', text: 'Pozdrav' })).rejects.toMatchObject({
      code: 'MAIL_NO_RECIPIENT',
    });
    expect(await readdir(mailDir)).toHaveLength(before);
  });
});
