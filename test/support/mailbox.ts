import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Every absolute http(s) link of the text part, in order (the first is the call to action). */
  links: string[];
  /** The files it carries (an invoice's PDF). */
  attachments: Array<{ filename: string; mimeType: string; content: Buffer }>;
}

/**
 * Whether a mail is a buyer's invoice mail (its PDF attached: `racun-…pdf` or `storno-racun-…pdf`,
 * docs/invoicing.md). It follows every complete sale on its own schedule (after CIS answered), so
 * `next` and `quiet` leave it to the tests about invoices, which read it with `to()` or `invoices()`.
 */
const isInvoiceMail = (m: ReceivedMail): boolean => m.attachments.some((a) => /^(storno-)?racun-.*\.pdf$/.test(a.filename));

/**
 * A real SMTP server in the test process: the shop sends to it over SMTP (SMTP_URL), the test reads
 * what arrived, parsed. `next(to)` waits for the next mail to an address (invoice mails aside).
 */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
          const text = parsed.text ?? '';
          mails.push({
            to: session.envelope.rcptTo.map((r: SMTPServerAddress) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            html: parsed.html ?? '',
            text,
            headers: Object.fromEntries(parsed.headers.map((h) => [h.key, h.value])),
            links: [...text.matchAll(/https?:\/\/[^\s<>\]"]+/g)].map((m) => m[0]),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              mimeType: a.mimeType,
              content: Buffer.from(typeof a.content === 'string' ? a.content : new Uint8Array(a.content)),
            })),
          });
          waiters.splice(0).forEach((w) => w());
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let seen = new Map<string, number>();

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** All mails to `to` so far. */
    to: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())),
    /** Waits for the next not yet taken mail to `to` (by default 20 s). */
    async next(to: string, timeoutMs = 20_000): Promise<ReceivedMail> {
      const address = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const list = mails.filter((m) => m.to.includes(address) && !isInvoiceMail(m));
        const taken = seen.get(address) ?? 0;
        if (list.length > taken) {
          seen.set(address, taken + 1);
          return list[taken];
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no mail to ${to} within ${timeoutMs} ms (got ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'none'})`,
          );
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    /** Asserts that nothing more arrives for `to` within `ms`. */
    async quiet(to: string, ms = 1500): Promise<number> {
      await new Promise((r) => setTimeout(r, ms));
      return mails.filter((m) => m.to.includes(to.toLowerCase()) && !isInvoiceMail(m)).length - (seen.get(to.toLowerCase()) ?? 0);
    },
    /** The invoice mails to `to` so far. */
    invoices: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase()) && isInvoiceMail(m)),
    reset(): void {
      mails.length = 0;
      seen = new Map();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
