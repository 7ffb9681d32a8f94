import { Injectable } from '@nestjs/common';
import { MailError } from '../../../emails/render.js';

/**
 * What a mail carries, named rather than included: `kind` says which module's source makes it and
 * `ref` which document (an invoice's id). The reference sits in the mail's record and job; the bytes
 * are made when the mail is sent, so no document travels through the queue and a mail sent again
 * carries the same document.
 */
export interface MailAttachmentRef {
  kind: string;
  ref: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type MailAttachmentSource = (ref: string) => Promise<MailAttachment>;

/**
 * The sources of mail attachments, by kind: a module registers its own when it starts (the
 * invoicing module: `invoice-pdf`), so the mail platform knows no module. A mail naming a kind
 * nobody registered cannot be sent: a bug no retry fixes (MailError).
 */
@Injectable()
export class MailAttachmentSources {
  private readonly sources = new Map<string, MailAttachmentSource>();

  register(kind: string, source: MailAttachmentSource): void {
    if (this.sources.has(kind)) throw new Error(`mail attachment source '${kind}' registered twice`);
    this.sources.set(kind, source);
  }

  async resolve(refs: readonly MailAttachmentRef[]): Promise<MailAttachment[]> {
    return Promise.all(
      refs.map((r) => {
        const source = this.sources.get(r.kind);
        if (!source) throw new MailError('MAIL_ATTACHMENT_UNKNOWN', `no source for mail attachments of kind '${r.kind}'`);
        return source(r.ref);
      }),
    );
  }
}
