import { signCartId, verifyCartCookie } from './cart-cookie.js';

const secret = 'test-secret-key-0123456789-0123456789';
const id = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('cart cookie', () => {
  it('round-trips a signed cart id', () => {
    expect(verifyCartCookie(secret, signCartId(secret, id))).toBe(id);
  });

  it('refuses forged, altered and malformed values', () => {
    const genuine = signCartId(secret, id);
    const other = '00000000-0000-4000-8000-000000000000';
    expect(verifyCartCookie(secret, `${other}.${genuine.split('.')[1]}`)).toBeUndefined();
    expect(verifyCartCookie('another-secret-key-0123456789-01234', genuine)).toBeUndefined();
    expect(verifyCartCookie(secret, genuine.slice(0, -1) + (genuine.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
    expect(verifyCartCookie(secret, id)).toBeUndefined();
    expect(verifyCartCookie(secret, `${id}.`)).toBeUndefined();
    expect(verifyCartCookie(secret, `not-a-uuid.${genuine.split('.')[1]}`)).toBeUndefined();
    expect(verifyCartCookie(secret, undefined)).toBeUndefined();
    expect(verifyCartCookie(secret, 42)).toBeUndefined();
  });
});
