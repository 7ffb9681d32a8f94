import { googleIsAuthoritative, isGmailAddress } from './google-linking.js';

describe('google-linking', () => {
  it('knows Gmail addresses in any case, and nothing that only looks like one', () => {
    for (const email of ['a@gmail.com', 'A.B@GMAIL.COM', 'x@googlemail.com', 'x@GoogleMail.Com']) expect(isGmailAddress(email)).toBe(true);
    for (const email of ['a@gmail.com.evil.example', 'a@notgmail.com', 'a@gmail.co', 'gmail.com@example.com', 'a@mail.google.com']) {
      expect(isGmailAddress(email)).toBe(false);
    }
  });

  it('trusts the e-mail claim only for Gmail or a Workspace account (hd)', () => {
    expect(googleIsAuthoritative({ email: 'a@gmail.com' })).toBe(true);
    expect(googleIsAuthoritative({ email: 'a@firma.example', hostedDomain: 'firma.example' })).toBe(true);
    expect(googleIsAuthoritative({ email: 'a@firma.example' })).toBe(false);
    expect(googleIsAuthoritative({ email: 'a@firma.example', hostedDomain: '' })).toBe(false);
  });
});
