import { describe, expect, it } from '@jest/globals';
import { hashPassword, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id, 19 MiB, t=2, p=1 and verifies', async () => {
    const hash = await hashPassword('lozinka1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(hash, 'lozinka1')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'lozinka2')).resolves.toBe(false);
  });

  it('refuses a missing hash after doing the same work, and a malformed one', async () => {
    await expect(verifyPassword(null, 'anything')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
  });
});
