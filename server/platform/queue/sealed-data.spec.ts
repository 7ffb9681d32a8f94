import { describe, expect, it } from '@jest/globals';
import { isSealed, JobDataSealer } from './sealed-data.js';

const SECRET = 'a-test-secret-key-of-at-least-32-characters';
const props = { firstName: 'Marta', activationUrl: 'https://shop.hr/api/users/activate?token=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg' };

describe('JobDataSealer', () => {
  it('round-trips a value, and what it keeps shows nothing of it', () => {
    const sealer = new JobDataSealer(SECRET);
    const sealed = sealer.seal(props, 'mail/send-template/e1__mail');
    expect(isSealed(sealed)).toBe(true);
    const shown = JSON.stringify(sealed);
    expect(shown).not.toContain('token');
    expect(shown).not.toContain('Zm9vYmFy');
    expect(shown).not.toContain('Marta');
    expect(sealer.open(sealed, 'mail/send-template/e1__mail')).toEqual(props);
    // A fresh nonce per seal: the same value never looks the same twice.
    expect(sealer.seal(props, 'mail/send-template/e1__mail').data).not.toBe(sealed.data);
  });

  it('opens only in the job it was sealed for, with the same key, unaltered', () => {
    const sealer = new JobDataSealer(SECRET);
    const sealed = sealer.seal(props, 'mail/send-template/e1__mail');
    const refused = (f: () => unknown) => expect(f).toThrow(expect.objectContaining({ code: 'QUEUE_SEALED_DATA_INVALID' }));
    refused(() => sealer.open(sealed, 'mail/send-template/e2__mail'));
    refused(() => new JobDataSealer(`${SECRET}-other`).open(sealed, 'mail/send-template/e1__mail'));
    const data = Buffer.from(sealed.data, 'base64url');
    data[0] ^= 1;
    refused(() => sealer.open({ ...sealed, data: data.toString('base64url') }, 'mail/send-template/e1__mail'));
    refused(() => sealer.open({ ...sealed, data: 'AAAA' }, 'mail/send-template/e1__mail'));
    refused(() => sealer.open({ ...sealed, iv: '' }, 'mail/send-template/e1__mail'));
  });

  it('tells sealed values from plain ones', () => {
    expect(isSealed(props)).toBe(false);
    expect(isSealed(null)).toBe(false);
    expect(isSealed({ sealed: 'v2', iv: 'a', data: 'b' })).toBe(false);
  });
});
