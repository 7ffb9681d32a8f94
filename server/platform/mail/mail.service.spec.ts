import { describe, expect, it } from '@jest/globals';
import { firstLink } from './mail.service.js';

describe('firstLink (what the file sink logs)', () => {
  it('finds the first http(s) link of a text part', () => {
    expect(firstLink('Aktivirajte račun https://shop.hr/api/auth/activate?token=a1&x=2\n\nhttps://shop.hr/politika-privatnosti')).toBe('https://shop.hr/api/auth/activate?token=a1&x=2');
  });

  it('leaves sentence punctuation out of the link', () => {
    expect(firstLink('Read our Privacy Policy https://shop.hr/en/privacy-policy.')).toBe('https://shop.hr/en/privacy-policy');
    expect(firstLink('(see http://localhost:3000/kosarica)')).toBe('http://localhost:3000/kosarica');
  });

  it('answers undefined for a text without a link', () => {
    expect(firstLink('Pozdrav, Ana! info@zlatnozrno.hr · +385 31 555 012')).toBeUndefined();
  });
});
