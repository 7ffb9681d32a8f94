import { describe, expect, it } from '@jest/globals';
import { allowedAuditFields, isAuditEntityType, registerAuditFields } from './audit-fields.js';

describe('the audit allow-list', () => {
  registerAuditFields('spec_thing', ['status', 'tracking_number', 'changed_at']);

  it('keeps only the registered fields, dates as ISO strings', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(
      allowedAuditFields('spec_thing', {
        status: 'shipped',
        tracking_number: 'AB123',
        changed_at: at,
        password_hash: 'x',
        note: 'y',
        skipped: undefined,
      }),
    ).toEqual({ status: 'shipped', tracking_number: 'AB123', changed_at: '2026-11-29T10:00:00.000Z' });
  });

  it('keeps null as null and an absent side as null', () => {
    expect(allowedAuditFields('spec_thing', null)).toBeNull();
    expect(allowedAuditFields('spec_thing', undefined)).toBeNull();
  });

  it('adds fields when a type is registered again', () => {
    registerAuditFields('spec_thing', ['note']);
    expect(allowedAuditFields('spec_thing', { note: 'y', other: 1 })).toEqual({ note: 'y' });
  });

  it('refuses an unregistered type', () => {
    expect(isAuditEntityType('spec_unknown')).toBe(false);
    expect(() => allowedAuditFields('spec_unknown', { a: 1 })).toThrow(/not registered/);
  });

  it('never registers a field that holds a secret, nor a malformed type', () => {
    for (const f of ['password', 'password_hash', 'refresh_token', 'client_secret', 'api_key', 'totp_otp', 'card_pan', 'signing_key']) {
      expect(() => registerAuditFields('spec_other', [f])).toThrow(/secret/);
    }
    expect(() => registerAuditFields('Spec Thing', ['a'])).toThrow(/snake_case/);
  });
});
