import { createHash, createSign } from 'node:crypto';
import { centsToDecimal } from './amounts.js';
import { zagrebZkiTime } from './zagreb-time.js';

export interface ZkiInput {
  /** The issuer's OIB (11 digits). */
  oib: string;
  /** Issue time; written as Zagreb wall time (zagreb-time.ts says how DST is handled). */
  issuedAt: Date;
  /** The invoice's numeric part (BrOznRac): no leading zeros. */
  sequence: number;
  /** Business premise mark (OznPosPr). */
  premise: string;
  /** Device mark (OznNapUr). */
  device: string;
  /** The invoice's total in cents (negative on a storno). */
  totalCents: number;
}

/** The text the ZKI signs (spec 12.1): OIB + `dd.MM.yyyy HH:mm:ss` + sequence + premise + device + total (`-12.50`). */
export function zkiInputText(input: ZkiInput): string {
  if (!/^\d{11}$/.test(input.oib)) throw new RangeError('OIB must be 11 digits');
  if (!Number.isSafeInteger(input.sequence) || input.sequence < 1) throw new RangeError('sequence must be a positive integer');
  if (!/^[0-9a-zA-Z]{1,20}$/.test(input.premise)) throw new RangeError('premise must be 1 to 20 letters and digits (spec 2.1.1)');
  if (!/^[1-9][0-9]{0,19}$/.test(input.device)) throw new RangeError('device must be digits without leading zeros (spec 2.1.1)');
  return `${input.oib}${zagrebZkiTime(input.issuedAt)}${input.sequence}${input.premise}${input.device}${centsToDecimal(input.totalCents)}`;
}

/**
 * Protective code of the issuer, ZKI (spec section 12): the UTF-8 text of zkiInputText signed
 * RSA-SHA1 (PKCS#1 v1.5) with the fiscal certificate's private key, then MD5 of the signature bytes,
 * 32 lowercase hex. RSA PKCS#1 v1.5 is deterministic: the same input and key always give the same
 * ZKI, which is what lets the issuer recreate it on request (spec 12).
 */
export function computeZki(input: ZkiInput, privateKeyPem: string): string {
  const signature = createSign('RSA-SHA1')
    .update(Buffer.from(zkiInputText(input), 'utf8'))
    .sign(privateKeyPem);
  return createHash('md5').update(signature).digest('hex');
}
