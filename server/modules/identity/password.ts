import argon2 from 'argon2';

/** argon2id with the OWASP minimum (19 MiB, t=2, p=1). */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** A hash of a random password, verified against when the e-mail is unknown: same work, same timing. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, or an account without a
 * password) it still runs one argon2 verification, so the answer takes as long as for a real user.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  const target = hash ?? (await (dummyHash ??= hashPassword(`dummy-${Math.random()}`)));
  try {
    const ok = await argon2.verify(target, password);
    return ok && !!hash;
  } catch {
    return false;
  }
}
