import { z } from 'zod';
import { AddItemBody } from '../../../contract/api/cart.js';
import { ProductListQuery } from '../../../contract/api/catalog.js';
import { RegistrationBody } from '../../../contract/api/identity.js';
import { localizedMessage } from '../i18n/index.js';
import { DomainError } from './domain-error.js';
import { parseOrThrow, VALIDATION_FAILED, ZodBody, ZodQuery } from './zod-validation.js';

function failure(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a validation failure');
}

// The English text of a code, from server/locales.
const en = (code: string) => localizedMessage(code, 'en') ?? `no English text for ${code}`;

const fieldsOf = (err: DomainError) => err.details.map((d) => [d.field, d.code]);

describe('zod validation pipe', () => {
  it('hands the parsed value on', () => {
    expect(new ZodQuery(ProductListQuery).transform({ locale: 'de', q: ' fusilli ', page: '2' })).toEqual({
      locale: 'de',
      q: 'fusilli',
      page: 2,
      page_size: 12,
    });
  });

  it('answers 422 with one problem per field, each with its own code and English message', () => {
    const err = failure(() => new ZodQuery(ProductListQuery).transform({ locale: 'xx', page: '0', page_size: '49' }));
    expect(err.kind).toBe('invalid');
    expect(err.details).toEqual([
      { code: 'CATALOG_INVALID_LOCALE', field: 'locale', message: en('CATALOG_INVALID_LOCALE') },
      { code: 'CATALOG_INVALID_PAGE', field: 'page', message: en('CATALOG_INVALID_PAGE') },
      { code: 'CATALOG_INVALID_PAGE_SIZE', field: 'page_size', message: en('CATALOG_INVALID_PAGE_SIZE') },
    ]);
  });

  it('reads a body that is no object as an empty one: its fields are missing', () => {
    for (const body of [undefined, null, 'text', 42, [1, 2]]) {
      const err = failure(() => new ZodBody(AddItemBody).transform(body));
      expect(fieldsOf(err)).toEqual([
        ['product_code', 'CART_PRODUCT_CODE_INVALID'],
        ['quantity', 'CART_QUANTITY_INVALID'],
      ]);
    }
  });

  it('refuses hostile shapes with the field code, never a crash', () => {
    const hostile = [['ZZ-SPAG-400'], { $gt: '' }, 'x'.repeat(100_000), 1e308, -0.5, true];
    for (const value of hostile) {
      const err = failure(() => new ZodBody(AddItemBody).transform({ product_code: value, quantity: value }));
      expect(fieldsOf(err)).toEqual([
        ['product_code', 'CART_PRODUCT_CODE_INVALID'],
        ['quantity', 'CART_QUANTITY_INVALID'],
      ]);
    }
    // a repeated query key arrives as an array
    expect(fieldsOf(failure(() => new ZodQuery(ProductListQuery).transform({ page: ['1', '2'], q: ['a', 'b'] })))).toEqual([
      ['q', 'CATALOG_INVALID_QUERY'],
      ['page', 'CATALOG_INVALID_PAGE'],
    ]);
  });

  it('orders problems like the fields of the schema, cross-field ones included', () => {
    const err = failure(() =>
      new ZodBody(RegistrationBody).transform({
        terms_accepted: false,
        password: 'secret1',
        password_confirmation: 'secret2',
        first_name: 'Ana',
        last_name: 'Horvat',
        birthday: '1990-02-30',
        email: 'not-an-address',
      }),
    );
    expect(fieldsOf(err)).toEqual([
      ['birthday', 'USER_BIRTHDAY_INVALID'],
      ['email', 'USER_EMAIL_INVALID'],
      ['password_confirmation', 'USER_PASSWORDS_MISMATCH'],
      ['terms_accepted', 'USER_TERMS_REQUIRED'],
    ]);
    expect(err.details[2].message).toBe(en('USER_PASSWORDS_MISMATCH'));
  });

  it('drops unknown keys of a body', () => {
    const parsed = new ZodBody(AddItemBody).transform({ product_code: 'ZZ-SPAG-400', quantity: 2, is_admin: true, __proto__: { x: 1 } });
    expect(parsed).toEqual({ product_code: 'ZZ-SPAG-400', quantity: 2 });
  });

  it('reports an issue without a code of its own as VALIDATION_FAILED', () => {
    const err = failure(() => parseOrThrow(z.object({ n: z.number() }), { n: 'x' }));
    expect(err.details).toEqual([{ code: VALIDATION_FAILED, field: 'n', message: 'This value is not valid.' }]);
  });
});
