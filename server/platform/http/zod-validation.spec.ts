import { z } from 'zod';
import { ProductListQuery } from '../../../contract/api/catalog.js';
import { DomainError } from './domain-error.js';
import { ZodBody, ZodQuery } from './zod-validation.js';

function failure(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a validation failure');
}

describe('zod validation pipe', () => {
  it('hands the parsed value on', () => {
    expect(new ZodQuery(ProductListQuery).transform({ locale: 'de', q: ' fusilli ', page: '2' })).toEqual({
      locale: 'de',
      category: undefined,
      q: 'fusilli',
      page: 2,
      page_size: 12,
    });
  });
});
