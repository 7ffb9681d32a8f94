import { describe, expect, it } from '@jest/globals';
import type { AnyRouteMatch } from '@tanstack/react-router';
import { errorStatus } from './head';

const match = (m: Partial<AnyRouteMatch>) => ({ status: 'success', ...m }) as AnyRouteMatch;

describe('errorStatus (the error page title of the document head)', () => {
  it('is 503 for the outage page (the API answered 503), so its title says 503, not 500', () => {
    expect(errorStatus([match({}), match({ status: 'error', error: Object.assign(new Error('away'), { status: 503 }) })])).toBe(503);
    expect(errorStatus([match({ status: 'error', error: { status: 503 } })])).toBe(503);
  });

  it('is 500 for any other failure, 404 for nothing matched, null for a page that worked', () => {
    expect(errorStatus([match({ status: 'error', error: new Error('boom') })])).toBe(500);
    expect(errorStatus([match({ status: 'error', error: { status: 500 } })])).toBe(500);
    expect(errorStatus([match({ status: 'error', error: null })])).toBe(500);
    expect(errorStatus([match({ status: 'notFound' })])).toBe(404);
    expect(errorStatus([match({})])).toBeNull();
  });
});
