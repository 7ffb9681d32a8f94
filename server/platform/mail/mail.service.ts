import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import type { MailAttachment } from './mail-attachments.js';
import {
  EmptyMailError,
  MailError,
  renderMail,
  type MailLocale,
  type RenderedMail,
  type TemplateName,
  type TemplateProps,
} from '../../../emails/render.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, Content-Language, ...). */
  headers?: Record<string, string>;
  /** `Reply-To`: where an answer goes instead of MAIL_FROM (one address, as nodemailer parses it). */
  replyTo?: string;
  /** `From` when not MAIL_FROM (the newsletter's own sender, MAIL_MARKETING_FROM). */
  from?: string;
  /**
   * A fixed Message-ID (`<id@domain>`), for a mail that may be sent again after a crash between the
   * SMTP server's acceptance and our record of it: the second copy carries the same Message-ID, which
   * mail systems treat as the same message (docs/mail.md 'Exactly once'). Unset: nodemailer makes one.
   */
  messageId?: string;
  /** Files the mail carries (an invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface SendTemplateOptions {
  to: string;
  /** The recipient's language (their account's, or the one the order was placed in). */
  locale: MailLocale;
  headers?: Record<string, string>;
  /** `Reply-To` of the mail (the contact form's notice: the visitor who wrote). */
  replyTo?: string;
  /** `From` when not MAIL_FROM (OutgoingMail.from). */
  from?: string;
  /** A fixed Message-ID (OutgoingMail.messageId). */
  messageId?: string;
  attachments?: MailAttachment[];
}

interface Transport {
  sendMail(message: Record<string, unknown>): Promise<{ messageId: string; message?: unknown }>;
  close(): void;
}

/**
 * Sends mail. With SMTP_URL: nodemailer's SMTP transport (pool, TLS and auth from the URL).
 * Without it (embedded/dev mode): each mail becomes one RFC 822 .eml file under MAIL_DIR and the
 * log shows its subject and first link, so a developer can click the activation link.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('mail');
  private readonly transport: Transport;
  private readonly sink: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.sink = !config.mail.smtpUrl;
    this.transport = config.mail.smtpUrl
      ? // Timeouts short enough that a dead server fails a queue job (which retries) instead of hanging it.
        createTransport({ url: config.mail.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
      : // CRLF line ends: what RFC 5322 prescribes and every mail client opens.
        createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  }

  onModuleInit(): void {
    if (this.sink) {
      const note = this.config.isProduction ? ' (production without SMTP_URL: no mail reaches anyone)' : '';
      this.logger[this.config.isProduction ? 'warn' : 'log'](
        `No SMTP_URL: mails are written as .eml files to ${path.resolve(this.config.mail.dir)}${note}`,
      );
    } else {
      const url = new URL(this.config.mail.smtpUrl!);
      this.logger.log(`Mails go out over ${url.protocol}//${url.host}`);
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  /** Sends one mail and answers its Message-ID. Refuses a mail without subject, HTML or text. */
  async send(mail: OutgoingMail): Promise<string> {
    if (!mail.to?.trim()) throw new MailError('MAIL_NO_RECIPIENT', 'Refusing a mail without a recipient');
    const empty = (['subject', 'html', 'text'] as const).filter((part) => typeof mail[part] !== 'string' || !mail[part].trim());
    if (empty.length) throw new EmptyMailError(empty);

    const info = await this.transport.sendMail({
      from: mail.from ?? this.config.mail.from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      html: mail.html,
      text: mail.text,
      ...(mail.attachments?.length
        ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) }
        : {}),
      // What nodemailer picks for our mostly-ASCII texts anyway, said at once: left to choose, it
      // measures every part first (a third of composing a mail).
      textEncoding: 'quoted-printable',
      // RFC 3834: automated mail; out-of-office responders must not answer it.
      headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
    });
    if (!this.sink) {
      this.logger.debug(`Mail ${info.messageId} handed to SMTP`);
      return info.messageId;
    }

    const file = await this.writeEml(info.messageId, info.message as Buffer);
    // The link is what a developer needs (activation, reset); it holds a token, so production
    // without SMTP (a misconfiguration, warned about at boot) does not print it.
    const link = this.config.isProduction ? undefined : firstLink(mail.text);
    this.logger.log(
      { subject: mail.subject, link, file },
      `Mail "${mail.subject}" to ${mail.to} written to ${file}${link ? `; first link: ${link}` : ''}`,
    );
    return info.messageId;
  }

  /** Renders a template from emails/ in `locale` without sending it (the back office's previews). */
  render<N extends TemplateName>(template: N, props: TemplateProps<N>, locale: MailLocale): Promise<RenderedMail> {
    return renderMail(template, props, locale, { publicUrl: this.config.http.publicUrl });
  }

  /** Renders a template from emails/ in the recipient's language and sends it. */
  async sendTemplate<N extends TemplateName>(template: N, props: TemplateProps<N>, options: SendTemplateOptions): Promise<string> {
    const rendered = await renderMail(template, props, options.locale, { publicUrl: this.config.http.publicUrl });
    return this.send({
      to: options.to,
      ...rendered,
      headers: { 'Content-Language': options.locale, ...options.headers },
      ...(options.replyTo ? { replyTo: options.replyTo } : {}),
      ...(options.from ? { from: options.from } : {}),
      ...(options.messageId ? { messageId: options.messageId } : {}),
      ...(options.attachments?.length ? { attachments: options.attachments } : {}),
    });
  }

  /**
   * The Message-ID of a recorded mail (outgoing_mail id, i.e. its job id): the same for every attempt,
   * on the sender's domain, revealing nothing of the id (a hash).
   */
  stableMessageId(recordId: string): string {
    const domain = /@([^>\s]+)>?\s*$/.exec(this.config.mail.from)?.[1] ?? 'localhost';
    return `<${createHash('sha256').update(`outgoing-mail:${recordId}`).digest('hex').slice(0, 32)}@${domain}>`;
  }

  /** One file per mail, named so that `ls` lists them in the order they were sent. */
  private async writeEml(messageId: string, message: Buffer): Promise<string> {
    const dir = path.resolve(this.config.mail.dir);
    const stamp = new Date().toISOString().replace(/:/g, '-');
    const id = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9.@_-]/g, '_') || randomUUID();
    const file = path.join(dir, `${stamp}_${id}.eml`);
    // Written under a temporary name first, so nothing ever sees half a mail.
    const partial = path.join(dir, `.${stamp}_${id}.eml.partial`);
    // The folder is made when a write finds it missing (first mail, or someone emptied .data),
    // not before every mail.
    await writeFile(partial, message).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await mkdir(dir, { recursive: true });
      await writeFile(partial, message);
    });
    await rename(partial, file);
    const relative = path.relative(process.cwd(), file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  }
}

/** The first http(s) link of a text part, without trailing punctuation. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"']+/.exec(text)?.[0].replace(/[.,;:!?)\]]+$/, '');
}
