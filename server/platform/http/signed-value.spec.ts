import { describe, expect, it } from '@jest/globals';
import { signValue, unsignValue } from './signed-value.js';

describe('signed values', () => {
  const secret = 's'.repeat(32);

  it('gives back what it signed, for the same purpose only', () => {
    const signed = signValue(secret, 'cart', 'abc-123');
    expect(unsignValue(secret, 'cart', signed)).toBe('abc-123');
    expect(unsignValue(secret, 'oidc_tx', signed)).toBeUndefined();
    expect(unsignValue('t'.repeat(32), 'cart', signed)).toBeUndefined();
  });

  it('refuses altered, truncated, malformed and oversized values', () => {
    const signed = signValue(secret, 'cart', 'abc-123');
    expect(unsignValue(secret, 'cart', signed.replace('abc', 'abd'))).toBeUndefined();
    expect(unsignValue(secret, 'cart', signed.slice(0, -1))).toBeUndefined();
    expect(unsignValue(secret, 'cart', 'no-signature')).toBeUndefined();
    expect(unsignValue(secret, 'cart', '.sig')).toBeUndefined();
    expect(unsignValue(secret, 'cart', 42)).toBeUndefined();
    expect(unsignValue(secret, 'cart', signValue(secret, 'cart', 'x'.repeat(5000)))).toBeUndefined();
  });
});
