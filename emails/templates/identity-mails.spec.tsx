import { describe, expect, it } from '@jest/globals';
import { company } from '../../contract/brand/company.js';
import { MAIL_LOCALES, renderMail, type MailLocale, type RenderedMail, type TemplateName, type TemplateProps } from '../render.js';

/**
 * What each account mail must say, beyond what render.spec.tsx checks of every template (subject,
 * links, call to action first, legal line, language): counts in each language's plural forms,
 * dates on the Zagreb clock, the coupon, the neutral greeting. Props are written out here, with the
 * paths of the real site, instead of taken from previewProps.
 */
const PUBLIC_URL = 'https://shop.example.hr';

function render<N extends TemplateName>(name: N, props: TemplateProps<N>, locale: MailLocale): Promise<RenderedMail> {
  return renderMail(name, props, locale, { publicUrl: PUBLIC_URL });
}

/** The first absolute link of the text part: what the mail log prints as the call to action. */
function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0];
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

describe('magic-link', () => {
  const props: TemplateProps<'magic-link'> = {
    firstName: 'Ana',
    signInUrl: `${PUBLIC_URL}/api/auth/magic-link/verify?token=m4g1c&lang=hr`,
    expiresInMinutes: 15,
  };

  it('links the one-time sign-in, says it works once and what to do if it was not you', async () => {
    const mail = await render('magic-link', props, 'hr');
    expect(mail.subject).toBe('Vaša poveznica za prijavu u webshop Zlatno zrno');
    expect(mail.text).toContain('Pozdrav, Ana!');
    expect(firstLink(mail.text)).toBe(props.signInUrl);
    expect(mail.html.split(`href="${escapeHtml(props.signInUrl)}"`)).toHaveLength(3);
    expect(mail.text).toContain('Poveznica vrijedi 15 minuta i može se iskoristiti samo jednom.');
    expect(mail.text).toContain('Niste vi zatražili prijavu? Samo zanemarite ovu poruku.');
  });

  it.each([
    ['hr', 1, '1 minutu '],
    ['hr', 3, '3 minute '],
    ['hr', 15, '15 minuta '],
    ['hr', 21, '21 minutu '],
    ['en', 1, '1 minute '],
    ['en', 15, '15 minutes '],
    ['de', 1, '1 Minute '],
    ['de', 15, '15 Minuten '],
    ['sl', 1, '1 minuto '],
    ['sl', 2, '2 minuti '],
    ['sl', 3, '3 minute '],
    ['sl', 15, '15 minut '],
  ] as const)('in %s, %i minute(s) reads "%s"', async (locale, minutes, phrase) => {
    const mail = await render('magic-link', { ...props, expiresInMinutes: minutes }, locale);
    expect(mail.text).toContain(phrase);
  });
});

describe('password-reset', () => {
  const props: TemplateProps<'password-reset'> = {
    firstName: 'Ana',
    resetUrl: `${PUBLIC_URL}/en/reset-password/r3s3t`,
    expiresInMinutes: 60,
  };

  it.each([
    ['hr', 'Poveznica vrijedi 60 minuta', 'odjavit ćemo vas sa svih uređaja', 'Niste vi zatražili novu lozinku?'],
    [
      'en',
      'The link is valid for 60 minutes and can only be used once.',
      "we'll sign you out on all devices",
      "Didn't ask for a new password?",
    ],
    ['de', 'Der Link ist 60 Minuten lang gültig', 'melden wir Sie auf allen Geräten ab', 'Sie haben kein neues Passwort angefordert?'],
    ['sl', 'Povezava velja 60 minut', 'vas bomo odjavili z vseh naprav', 'Novega gesla niste zahtevali vi?'],
  ] as const)(
    'in %s: link first, valid 60 minutes, once; all sessions end; ignore if not you',
    async (locale, validity, sessions, notYou) => {
      const mail = await render('password-reset', props, locale);
      expect(firstLink(mail.text)).toBe(props.resetUrl);
      for (const phrase of [validity, sessions, notYou]) expect(mail.text).toContain(phrase);
    },
  );

  it('counts minutes in the plural forms of each language', async () => {
    expect((await render('password-reset', { ...props, expiresInMinutes: 2 }, 'sl')).text).toContain('2 minuti ');
    expect((await render('password-reset', { ...props, expiresInMinutes: 4 }, 'hr')).text).toContain('4 minute ');
    expect((await render('password-reset', { ...props, expiresInMinutes: 1 }, 'de')).text).toContain('1 Minute ');
  });
});

describe('password-changed', () => {
  const props: TemplateProps<'password-changed'> = {
    firstName: 'Ana',
    changedAt: '2026-11-22T13:05:00.000Z',
    resetUrl: `${PUBLIC_URL}/zaboravljena-lozinka`,
  };

  it.each([
    ['hr', 'promijenjena je 22. 11. 2026. u 14:05 (po hrvatskom vremenu).'],
    ['en', 'was changed on 22 November 2026, 14:05 (Croatian time).'],
    ['de', 'wurde am 22. November 2026, 14:05 Uhr (kroatische Zeit) geändert.'],
    ['sl', 'je bilo spremenjeno 22. 11. 2026 ob 14:05 (po hrvaškem času).'],
  ] as const)('in %s says when, on the Zagreb clock: "%s"', async (locale, sentence) => {
    const mail = await render('password-changed', props, locale);
    expect(mail.text).toContain(sentence);
  });

  it('shows summer time and the day after midnight in Zagreb', async () => {
    expect((await render('password-changed', { ...props, changedAt: '2026-07-03T22:30:00Z' }, 'hr')).text).toContain('4. 7. 2026. u 00:30');
  });

  it('says the other sessions ended, puts the reset link first and the contact after it', async () => {
    const mail = await render('password-changed', props, 'hr');
    expect(mail.subject).toBe('Promijenjena je lozinka vašeg računa u webshopu Zlatno zrno');
    expect(mail.text).toContain('odjavili smo vas sa svih ostalih uređaja');
    expect(mail.text).toContain('Niste vi promijenili lozinku? Odmah postavite novu');
    expect(firstLink(mail.text)).toBe(props.resetUrl);
    const body = mail.html.slice(mail.html.indexOf('<h1'));
    const reset = body.indexOf(`href="${props.resetUrl}"`);
    const contact = body.indexOf(`href="mailto:${company.email}"`);
    expect(reset).toBeGreaterThan(-1);
    expect(contact).toBeGreaterThan(reset);
    expect(mail.text).toContain(`Pišite nam na ${company.email} ili nas nazovite na ${company.phone}.`);
  });

  it('refuses a timestamp without an offset instead of guessing the zone', async () => {
    await expect(render('password-changed', { ...props, changedAt: '2026-11-22T14:05' }, 'en')).rejects.toThrow(RangeError);
  });
});

describe('birthday-coupon', () => {
  const props: TemplateProps<'birthday-coupon'> = {
    firstName: 'Ana',
    couponCode: 'ZRNO-ANA-7K2Q',
    percent: 20,
    validUntil: '2026-12-22',
    shopUrl: `${PUBLIC_URL}/proizvodi`,
  };

  it.each([
    ['hr', 'Sretan rođendan, Ana!', '20\u00a0% popusta · vrijedi do 22. 12. 2026.'],
    ['en', 'Happy birthday, Ana!', '20% off · valid until 22 December 2026'],
    ['de', 'Alles Gute zum Geburtstag, Ana!', '20\u00a0% Rabatt · gültig bis 22. Dezember 2026'],
    ['sl', 'Vse najboljše, Ana!', '20\u00a0% popusta · velja do 22. 12. 2026'],
  ] as const)('in %s: greets by name in the subject, shows the code, percent and date, links the shop', async (locale, subject, terms) => {
    const mail = await render('birthday-coupon', props, locale);
    expect(mail.subject.startsWith(subject)).toBe(true);
    expect(mail.text).toContain(terms);
    expect(mail.text).toContain(`\n${props.couponCode}\n`);
    expect(firstLink(mail.text)).toBe(props.shopUrl);
  });

  it('shows the code prominently, in a monospace box', async () => {
    const mail = await render('birthday-coupon', props, 'hr');
    const style = new RegExp(`<p style="([^"]*)">${props.couponCode}</p>`).exec(mail.html)?.[1] ?? '';
    expect(style).toMatch(/font-family:.*\bmonospace\b/);
    expect(style).toMatch(/font-size:28px/);
    // The box around it: code, percent and date together, on the soft gold with a dashed border.
    expect(mail.html).toMatch(
      /border:2px dashed[^"]*"><tbody><tr><td><p[^>]*>[^<]*<\/p><p[^>]*>ZRNO-ANA-7K2Q<\/p><p[^>]*>20\u00a0% popusta/,
    );
  });

  it('refuses a date that does not exist', async () => {
    await expect(render('birthday-coupon', { ...props, validUntil: '2026-02-30' }, 'hr')).rejects.toThrow(RangeError);
  });
});

describe('business-invitation', () => {
  const props: TemplateProps<'business-invitation'> = {
    companyName: 'Hotel Drava d.o.o.',
    firstName: 'Marko',
    acceptUrl: `${PUBLIC_URL}/registracija?invite=1nv1t3`,
    expiresInDays: 7,
  };

  it('invites the company by name: 1 kg packs, R1 invoices, accept and set a password', async () => {
    const mail = await render('business-invitation', props, 'hr');
    expect(mail.subject).toBe('Poziv tvrtki Hotel Drava d.o.o.: poslovni korisnički račun u webshopu Zlatno zrno');
    expect(mail.text).toContain('Pozdrav, Marko!');
    expect(mail.text).toContain('pozivamo tvrtku Hotel Drava d.o.o. da otvori poslovni korisnički račun');
    expect(mail.text).toMatch(/hotelima, restoranima, školama/);
    expect(mail.text).toContain('pakiranjima od 1 kg');
    expect(mail.text).toContain('R1 račun');
    expect(mail.text).toContain('postavite lozinku');
    expect(firstLink(mail.text)).toBe(props.acceptUrl);
    expect(mail.text).toContain('Poziv vrijedi 7 dana od slanja ove poruke.');
  });

  it.each([
    ['hr', 'Poštovani,'],
    ['en', 'Hello,'],
    ['de', 'Guten Tag,'],
    ['sl', 'Spoštovani,'],
  ] as const)('in %s greets neutrally ("%s") when no contact name is known', async (locale, greeting) => {
    const mail = await render('business-invitation', { ...props, firstName: null }, locale);
    expect(mail.text).toContain(`\n${greeting}\n`);
    expect(mail.text).not.toMatch(/null|Marko/);
    expect(mail.subject).toContain(props.companyName);
  });

  it.each([
    ['hr', 1, '1 dan '],
    ['hr', 3, '3 dana '],
    ['hr', 7, '7 dana '],
    ['en', 1, '1 day '],
    ['en', 7, '7 days '],
    ['de', 1, '1 Tag '],
    ['de', 7, '7 Tage '],
    ['sl', 1, '1 dan '],
    ['sl', 2, '2 dneva '],
    ['sl', 3, '3 dni '],
    ['sl', 7, '7 dni '],
  ] as const)('in %s, %i day(s) reads "%s"', async (locale, days, phrase) => {
    const mail = await render('business-invitation', { ...props, expiresInDays: days }, locale);
    expect(mail.text).toContain(phrase);
  });

  it('escapes the company name', async () => {
    const mail = await render('business-invitation', { ...props, companyName: '<i>Bistro</i> & Co' }, 'de');
    expect(mail.html).toContain('&lt;i&gt;Bistro&lt;/i&gt; &amp; Co');
    expect(mail.html).not.toContain('<i>Bistro</i>');
  });
});

describe('account-exists', () => {
  const props: TemplateProps<'account-exists'> = {
    firstName: 'Ana',
    loginUrl: `${PUBLIC_URL}/en/login`,
    resetUrl: `${PUBLIC_URL}/en/forgot-password`,
  };

  it.each(MAIL_LOCALES)('in %s: sign in is the call to action, the reset link comes after it, inside a sentence', async (locale) => {
    const mail = await render('account-exists', props, locale);
    expect(firstLink(mail.text)).toBe(props.loginUrl);
    expect(mail.text.indexOf(props.resetUrl)).toBeGreaterThan(mail.text.indexOf(props.loginUrl));
    expect(mail.html.split(`href="${props.resetUrl}"`)).toHaveLength(2);
  });

  it('explains that the address already has an account and what to do if it was not you', async () => {
    const mail = await render('account-exists', props, 'en');
    expect(mail.subject).toBe('You already have a Zlatno zrno account');
    expect(mail.text).toContain("There is already an account for this address, so we didn't open a new one.");
    expect(mail.text).toContain(`Forgotten your password? Choose a new one ${props.resetUrl}.`);
    expect(mail.text).toContain("Wasn't this you? Then simply ignore this e-mail.");
  });
});
