import { describe, expect, it } from '@jest/globals';
import { validateLoginSearch, validateProfileSearch, validateRegisterSearch } from './search-params';

describe('account search params', () => {
  it('keeps the values as the router parsed them and drops anything else', () => {
    expect(validateProfileSearch({ email: 'changed', x: 1 })).toEqual({ email: 'changed' });
    expect(validateProfileSearch({ email: { a: 1 } })).toEqual({});
    expect(validateRegisterSearch({ invite: 'T0k' })).toEqual({ invite: 'T0k' });
    expect(validateLoginSearch({ activated: 1, redirect: '/profil', other: 'x' })).toEqual({ activated: 1, redirect: '/profil' });
  });
});
