import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { QueueError } from './queue.errors.js';

/**
 * What a job shows of a sealed value: the algorithm's version and two base64url strings. Nothing
 * in it can be read (or used) without the shop's SECRET_KEY.
 */
export interface SealedValue {
  sealed: 'v1';
  /** 12-byte nonce, fresh per seal. */
  iv: string;
  /** AES-256-GCM ciphertext followed by its 16-byte tag. */
  data: string;
}

const KEY_INFO = 'pasta-shop queue job data v1';
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is SealedValue {
  const v = value as Partial<SealedValue> | null;
  return typeof v === 'object' && v !== null && v.sealed === 'v1' && typeof v.iv === 'string' && typeof v.data === 'string';
}

/**
 * Seals the part of a job's data that must not be readable where jobs are kept (Redis, BullMQ's
 * PostgreSQL tables, the /admin/queues dashboard, a backup of either): links with sign-in,
 * activation or reset tokens, order view tokens, unsubscribe links. AES-256-GCM with a key derived
 * by HKDF-SHA256 from SECRET_KEY (a key of its own: never the HMAC key itself). The context (queue,
 * job name and job id) is authenticated data, so a sealed value opens only in the job it was made
 * for: copied into another job, or edited, it fails to open.
 */
export class JobDataSealer {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), KEY_INFO, 32));
  }

  /** `context` names the job the value belongs to, e.g. `mail/send-template/<job id>`. */
  seal(value: unknown, context: string): SealedValue {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { sealed: 'v1', iv: iv.toString('base64url'), data: data.toString('base64url') };
  }

  /** Throws QUEUE_SEALED_DATA_INVALID for a value sealed with another key, for another job, or altered. */
  open<T>(sealed: SealedValue, context: string): T {
    try {
      const raw = Buffer.from(sealed.data, 'base64url');
      if (raw.length < TAG_BYTES) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(0, raw.length - TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as T;
    } catch {
      // No detail: the reason lands in the job's failedReason, shown on the dashboard.
      throw new QueueError(
        'QUEUE_SEALED_DATA_INVALID',
        `the sealed data of ${context} cannot be opened (another SECRET_KEY, another job, or altered)`,
      );
    }
  }
}
