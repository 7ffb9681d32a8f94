import { describe, expect, it } from '@jest/globals';
import { CONTACT_LIMITS, ContactBody, countLinks } from './contact.js';

const valid = { name: ' Ana  Horvat ', email: ' Ana@Example.COM ', subject: 'Pitanje', message: 'Pozdrav', consent: true };

describe('countLinks', () => {
  it.each([
    ['no link here, just zlatnozrno.hr and an e-mail ana@example.com', 0],
    ['https://a.example and http://b.example/x?y=1', 2],
    ['ftp://files.example and www.c.example', 2],
    ['[url=https://x.example]x[/url]', 2], // the BBCode and the scheme inside it
    ['[url]x[/url] and <a href="y">y</a>', 2],
    ['HTTPS://SHOUT.EXAMPLE', 1],
  ])('%s -> %d', (text, n) => {
    expect(countLinks(text)).toBe(n);
  });
});

describe('ContactBody', () => {
  it('trims and normalizes: one-line fields collapse spaces, the e-mail is lower case, the message keeps its lines', () => {
    const parsed = ContactBody.parse({ ...valid, phone: '  ', message: '  Prvi\r\nDrugi  \r\n\r\n\r\n\r\n\r\nTreći  ' });
    expect(parsed).toEqual({
      name: 'Ana Horvat',
      email: 'ana@example.com',
      phone: null,
      subject: 'Pitanje',
      message: 'Prvi\nDrugi\n\n\nTreći',
      consent: true,
    });
  });

  it('counts the message after trimming, in characters', () => {
    expect(ContactBody.safeParse({ ...valid, message: `  ${'ž'.repeat(CONTACT_LIMITS.message)}  ` }).success).toBe(true);
    const long = ContactBody.safeParse({ ...valid, message: 'ž'.repeat(CONTACT_LIMITS.message + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['message', 'CONTACT_MESSAGE_TOO_LONG']]);
  });

  it('reports every problem at once with its code', () => {
    const res = ContactBody.safeParse({
      name: 'see www.x.example',
      email: 'x',
      phone: 'abc',
      subject: 7,
      message: 'http://1.x http://2.x http://3.x http://4.x',
      consent: 'yes',
    });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'CONTACT_LINKS_NOT_ALLOWED'],
      ['email', 'CONTACT_EMAIL_INVALID'],
      ['phone', 'CONTACT_PHONE_INVALID'],
      ['subject', 'CONTACT_FIELD_INVALID'],
      ['message', 'CONTACT_TOO_MANY_LINKS'],
      ['consent', 'CONTACT_CONSENT_REQUIRED'],
    ]);
  });

  it('drops unknown fields and takes only a shop language', () => {
    expect(ContactBody.parse({ ...valid, locale: 'de', admin: true })).not.toHaveProperty('admin');
    expect(ContactBody.parse({ ...valid, locale: 'de' }).locale).toBe('de');
    expect(ContactBody.parse({ ...valid, locale: 'fr' }).locale).toBeUndefined();
  });
});
