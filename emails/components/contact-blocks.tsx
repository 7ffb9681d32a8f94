import { Fragment } from 'react';
import { Section, Text } from '@react-email/components';
import type { MailLocale } from '../mail-locale.js';
import { colors, fonts } from './mail-theme.js';

/** A contact form message as its two mails show it (read from the stored row by the worker). */
export interface ContactMailMessage {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  /** Multi-line, line breaks as LF. */
  text: string;
  /** The sender's language. */
  locale: MailLocale;
  /** ISO 8601 instant with offset. */
  receivedAt: string;
}

/** Names of languages in the mail's language, built once per language. */
const languageNamesByLocale = new Map<string, Intl.DisplayNames>();
export function languageName(of: MailLocale, inLocale: MailLocale): string {
  let names = languageNamesByLocale.get(inLocale);
  if (!names) languageNamesByLocale.set(inLocale, (names = new Intl.DisplayNames([inLocale], { type: 'language' })));
  return names.of(of) ?? of;
}

/**
 * What the visitor wrote, quoted: its subject in bold, then the text with its line breaks (as
 * `<br>`, so the text part keeps them too). React escapes it: a message is never markup.
 */
export function QuotedMessage({ subject, text }: { subject: string; text: string }) {
  const lines = text.split('\n');
  return (
    <Section style={{ borderLeft: `4px solid ${colors.gold}`, backgroundColor: colors.page, padding: '12px 16px', margin: '0 0 20px' }}>
      <Text style={{ fontFamily: fonts.sans, fontSize: '16px', lineHeight: '24px', color: colors.ink, fontWeight: 600, margin: '0 0 8px' }}>
        {subject}
      </Text>
      <Text
        style={{ fontFamily: fonts.sans, fontSize: '15px', lineHeight: '24px', color: colors.ink, margin: '0', wordBreak: 'break-word' }}
      >
        {lines.map((line, i) => (
          <Fragment key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </Text>
    </Section>
  );
}

/** Example message for previews and tests. */
export function previewContactMessage(overrides: Partial<ContactMailMessage> = {}): ContactMailMessage {
  return {
    name: 'Maja Novak',
    email: 'maja.novak@example.si',
    phone: '+386 41 123 456',
    subject: 'Tjestenina za vrtić',
    text: 'Pozdrav,\nzanima nas pakiranje od 1 kg za naš vrtić.\n\nHvala!',
    locale: 'sl',
    receivedAt: '2026-11-22T13:05:00.000Z',
    ...overrides,
  };
}
