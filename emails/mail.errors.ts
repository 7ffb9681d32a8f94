/**
 * Failures of rendering or sending a mail. Each carries a stable code, like the server's domain
 * errors, so a queue job can tell a bug in a template (never retry) from a network problem (retry).
 */
export class MailError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A translation key, a plural form or an interpolation value was missing while rendering. */
export class MissingTranslationError extends MailError {
  constructor(
    public readonly template: string,
    public readonly locale: string,
    public readonly missing: string[],
  ) {
    super('MAIL_TRANSLATION_MISSING', `Mail '${template}' in '${locale}' uses missing translations: ${missing.join(', ')}`);
  }
}

/** The subject, the HTML or the text part is empty: such a mail is never sent. */
export class EmptyMailError extends MailError {
  constructor(public readonly parts: string[]) {
    super('MAIL_EMPTY', `Refusing a mail with an empty ${parts.join(', ')}`);
  }
}

/** A link in the mail is not absolute (http, https, mailto, tel): it would be dead in every mail client. */
export class RelativeLinkError extends MailError {
  constructor(public readonly hrefs: string[]) {
    super('MAIL_RELATIVE_LINK', `Mail links must be absolute, got: ${hrefs.join(', ')}`);
  }
}

export class UnknownMailTemplateError extends MailError {
  constructor(name: string) {
    super('MAIL_TEMPLATE_UNKNOWN', `No mail template named '${name}'`);
  }
}

export class UnknownMailLocaleError extends MailError {
  constructor(locale: string) {
    super('MAIL_LOCALE_UNKNOWN', `No mail translations for locale '${locale}'`);
  }
}
