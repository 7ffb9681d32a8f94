import { describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { JobDataSealer } from '../queue/index.js';
import { MailAttachmentSources } from './mail-attachments.js';
import type { MailService } from './mail.service.js';
import { MailProcessor, SEND_TEMPLATE_JOB, type SendTemplateJobData } from './send-mail.job.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hkdf';
const JOB_ID = 'event-1__mail';

/** A mail job as MailQueue builds it (props sealed for this job's context). */
function job(sealer: JobDataSealer): Job<SendTemplateJobData> {
  const data = {
    template: 'password-changed',
    props: sealer.seal(
      { firstName: 'Ana', changedAt: '2026-11-28T10:00:00.000+01:00', resetUrl: 'https://shop.hr/x' },
      `mail/${SEND_TEMPLATE_JOB}/${JOB_ID}`,
    ),
    to: 'ana@example.com',
    locale: 'hr',
  } as SendTemplateJobData;
  return { id: JOB_ID, name: SEND_TEMPLATE_JOB, data } as unknown as Job<SendTemplateJobData>;
}

/**
 * A database whose transaction finds the mail's row unsent and whose UPDATE (the commit of 'sent')
 * fails `commitFailures` times as if PostgreSQL restarted, then works.
 */
function database(opts: { sentAt: Date | null; commitFailures: number }) {
  const updates: unknown[][] = [];
  let failures = opts.commitFailures;
  const query = (sql: string, params: unknown[]) => {
    if (sql.startsWith('SELECT')) return Promise.resolve([{ sent_at: opts.sentAt, message_id: opts.sentAt ? '<old@x>' : null }]);
    if (sql.includes('sent_at = now()')) {
      updates.push(params);
      if (failures-- > 0) return Promise.reject(new Error('Connection terminated unexpectedly'));
    }
    return Promise.resolve([]);
  };
  const db = {
    query,
    transaction: (work: (m: { query: typeof query }) => Promise<unknown>) => work({ query }),
  } as unknown as DataSource;
  return { db, updates };
}

describe('MailProcessor: a mail is sent once', () => {
  const sealer = new JobDataSealer(SECRET);
  const mailer = () => {
    const sent: string[] = [];
    const messageIds: Array<string | undefined> = [];
    const service = {
      stableMessageId: (id: string) => `<stable-${id}@zlatnozrno.hr>`,
      sendTemplate: (_t: string, _p: unknown, o: { to: string; messageId?: string }) => (
        sent.push(o.to),
        messageIds.push(o.messageId),
        Promise.resolve('<m1@zlatnozrno.hr>')
      ),
    };
    return { service: service as unknown as MailService, sent, messageIds };
  };

  it('skips a mail whose row is already marked sent (a second job of the same mail)', async () => {
    const { service, sent } = mailer();
    const { db } = database({ sentAt: new Date(), commitFailures: 0 });
    expect(await new MailProcessor(service, sealer, db, new MailAttachmentSources()).process(job(sealer))).toEqual({
      messageId: '<old@x>',
      skipped: true,
    });
    expect(sent).toEqual([]);
  });

  it('records a mail it sent as sent although the commit failed (PostgreSQL away), instead of failing the job and sending it again', async () => {
    const { service, sent } = mailer();
    const { db, updates } = database({ sentAt: null, commitFailures: 2 });
    const result = await new MailProcessor(service, sealer, db, new MailAttachmentSources()).process(job(sealer));
    expect(result).toEqual({ messageId: '<m1@zlatnozrno.hr>' });
    expect(sent).toEqual(['ana@example.com']);
    // the commit in the transaction, then again until the database answered
    expect(updates).toHaveLength(3);
    expect(updates.every(([id, messageId]) => id === JOB_ID && messageId === '<m1@zlatnozrno.hr>')).toBe(true);
  }, 15_000);

  it('sends every attempt of one recorded mail with the same Message-ID, made from the record', async () => {
    const { service, messageIds } = mailer();
    await new MailProcessor(service, sealer, database({ sentAt: null, commitFailures: 0 }).db, new MailAttachmentSources()).process(
      job(sealer),
    );
    await new MailProcessor(service, sealer, database({ sentAt: null, commitFailures: 0 }).db, new MailAttachmentSources()).process(
      job(sealer),
    );
    expect(messageIds).toEqual([`<stable-${JOB_ID}@zlatnozrno.hr>`, `<stable-${JOB_ID}@zlatnozrno.hr>`]);
  });

  it('sends the documents a mail names, made by their registered source when it is sent, and fails for good on an unknown kind', async () => {
    const files: unknown[] = [];
    const service = {
      stableMessageId: (id: string) => `<stable-${id}@zlatnozrno.hr>`,
      sendTemplate: (_t: string, _p: unknown, o: { attachments?: unknown[] }) => (files.push(o.attachments), Promise.resolve('<m2@x>')),
    } as unknown as MailService;
    const sources = new MailAttachmentSources();
    sources.register('invoice-pdf', (ref) =>
      Promise.resolve({ filename: `${ref}.pdf`, content: Buffer.from('%PDF'), contentType: 'application/pdf' }),
    );
    expect(() => sources.register('invoice-pdf', () => Promise.reject(new Error('x')))).toThrow(/twice/);
    const withFile = job(sealer);
    withFile.data.attachments = [{ kind: 'invoice-pdf', ref: 'inv-1' }];
    await new MailProcessor(service, sealer, database({ sentAt: null, commitFailures: 0 }).db, sources).process(withFile);
    expect(files).toEqual([[{ filename: 'inv-1.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' }]]);
    withFile.data.attachments = [{ kind: 'nobody', ref: 'x' }];
    await expect(
      new MailProcessor(service, sealer, database({ sentAt: null, commitFailures: 0 }).db, sources).process(withFile),
    ).rejects.toThrow(/MAIL_ATTACHMENT_UNKNOWN/);
  });
});
