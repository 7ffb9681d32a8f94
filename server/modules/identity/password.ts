import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, t=2, p=1). @node-rs/argon2 (Rust, N-API, prebuilt per
 * platform, no install script): the `argon2` package's prebuilt Linux binary crashed (SIGSEGV) on
 * our CI machines and building it from source needs an approved install script and a compiler.
 */
/** `Algorithm.Argon2id` is 2 (a const enum, which isolated modules cannot read). */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The password length limits are the contract's (the client checks them before sending). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
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
    const ok = await verify(target, password);
    return ok && !!hash;
  } catch {
    return false;
  }
}
