import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';

export interface InboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string | undefined;
  /** Absolute links of the text part, in order: the first is the call to action. */
  links: string[];
  /** A buyer's invoice mail (its PDF attached, docs/invoicing.md): it follows a complete sale on its own schedule. */
  invoice: boolean;
}

/**
 * The mails the built shop wrote as .eml files (no SMTP_URL: the embedded default), read the way
 * a mail client would. `waitFor(to)` returns the first mail to that address not returned before, invoice
 * mails aside (they come after CIS answered, in no fixed order with the order mails).
 */
export function emlInbox(dir = process.env.E2E_MAIL_DIR ?? '') {
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (test/support/e2e-setup.mjs sets it)');
  const taken = new Set<string>();
  // The shop writes each .eml under a temporary name and renames it when complete (platform/mail), so a
  // file once listed never changes: each is parsed once, not at every poll (the directory holds every mail
  // of the run, invoice PDFs included, and re-parsing them all every 200 ms made each wait slower than the last).
  const parsedFiles = new Map<string, Promise<InboxMail>>();

  async function all(): Promise<InboxMail[]> {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(
      files.map((file) => {
        let mail = parsedFiles.get(file);
        if (!mail) {
          mail = parse(file);
          parsedFiles.set(file, mail);
        }
        return mail;
      }),
    );
  }

  async function parse(file: string): Promise<InboxMail> {
    const parsed = await PostalMime.parse(await readFile(join(dir, file)));
    const text = parsed.text ?? '';
    return {
      file,
      to: (parsed.to ?? [])
        .map((a) => ('address' in a ? (a.address ?? '') : ''))
        .join(',')
        .toLowerCase(),
      subject: parsed.subject ?? '',
      text,
      html: parsed.html ?? '',
      language: parsed.headers.find((h) => h.key === 'content-language')?.value,
      links: [...text.matchAll(/https?:\/\/[^\s<>\]"]+/g)].map((m) => m[0]),
      invoice: parsed.attachments.some((a) => /^(storno-)?racun-.*\.pdf$/.test(a.filename ?? '')),
    };
  }

  return {
    all,
    async waitFor(to: string, timeoutMs = 20_000): Promise<InboxMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = (await all()).find((m) => m.to.includes(to.toLowerCase()) && !m.invoice && !taken.has(m.file));
        if (mail) {
          taken.add(mail.file);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
  };
}
