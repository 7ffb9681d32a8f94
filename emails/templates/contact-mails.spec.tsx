import { describe, expect, it } from '@jest/globals';
import { previewContactMessage, type ContactMailMessage } from '../components/contact-blocks.js';
import { MAIL_LOCALES, renderMail, type MailLocale } from '../render.js';

/**
 * What the contact form's mails must say, beyond what render.spec.tsx checks of every template: the
 * shop's notice names the sender, their address, phone and language and quotes their text; the
 * sender's copy quotes it in their language; what a visitor typed is never markup.
 */
const PUBLIC_URL = 'https://shop.example.hr';

const notice = (message: ContactMailMessage, locale: MailLocale = 'hr') =>
  renderMail(
    'contact-notice',
    {
      message,
      replyUrl: `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`,
      pageUrl: `${PUBLIC_URL}/de/kontakt`,
    },
    locale,
    { publicUrl: PUBLIC_URL },
  );
const copy = (message: ContactMailMessage, locale: MailLocale) =>
  renderMail('contact-copy', { message, shopUrl: `${PUBLIC_URL}/proizvodi` }, locale, { publicUrl: PUBLIC_URL });

describe('contact-notice (to the shop inbox)', () => {
  it('names the sender, their address, phone and language, and quotes the text with its line breaks', async () => {
    const mail = await notice(previewContactMessage({ locale: 'de', text: 'Erste Zeile\nZweite Zeile\n\nDritte' }));
    expect(mail.subject).toBe('Kontakt obrazac: Tjestenina za vrtić (Maja Novak)');
    expect(mail.text).toContain('Jezik pošiljatelja: njemački');
    expect(mail.text).toMatch(/Telefon +\+386 41 123 456/);
    expect(mail.text).toMatch(/E-pošta +maja\.novak@example\.si/);
    expect(mail.text).toMatch(/Primljeno +22\. 11\. 2026\. u 14:05/);
    expect(mail.text).toMatch(/Erste Zeile\nZweite Zeile\n\s*\nDritte/);
    expect(mail.html).toContain('href="mailto:maja.novak@example.si?subject=Re%3A%20Tjestenina%20za%20vrti%C4%87"');
    expect(mail.html).toContain('href="tel:+38641123456"');
  });

  it('says when no phone was given', async () => {
    const mail = await notice(previewContactMessage({ phone: null }));
    expect(mail.text).toMatch(/Telefon +nije upisan/);
    expect(mail.html).not.toContain('href="tel:+386'); // the footer's shop phone stays
  });

  it('names the language in the language of the mail', async () => {
    expect((await notice(previewContactMessage({ locale: 'hr' }), 'en')).text).toContain("The sender's language: Croatian");
    expect((await notice(previewContactMessage({ locale: 'en' }), 'de')).text).toContain('Sprache des Absenders: Englisch');
  });
});

describe('contact-copy (to the sender)', () => {
  const SUBJECTS: Record<MailLocale, string> = {
    hr: 'Primili smo vašu poruku: Tjestenina za vrtić',
    en: 'We received your message: Tjestenina za vrtić',
    de: 'Wir haben Ihre Nachricht erhalten: Tjestenina za vrtić',
    sl: 'Prejeli smo vaše sporočilo: Tjestenina za vrtić',
  };

  it.each(MAIL_LOCALES)('in %s: says it was received and quotes the text', async (locale) => {
    const mail = await copy(previewContactMessage({ locale }), locale);
    expect(mail.subject).toBe(SUBJECTS[locale]);
    expect(mail.text).toContain('Maja Novak');
    expect(mail.text).toMatch(/Pozdrav,\nzanima nas pakiranje od 1 kg za naš vrtić\.\n\s*\nHvala!/);
  });
});

describe('what a visitor typed', () => {
  it('is escaped, never markup, in both mails', async () => {
    const hostile = previewContactMessage({
      name: '<b>Eve</b>',
      subject: '<script>alert(1)</script>',
      text: '<img src=x onerror=alert(1)>\n<a href="https://evil.example">click</a>',
    });
    for (const mail of [await notice(hostile), await copy(hostile, 'en')]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).not.toContain('href="https://evil.example"');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text).toContain('<img src=x onerror=alert(1)>');
    }
  });
});
