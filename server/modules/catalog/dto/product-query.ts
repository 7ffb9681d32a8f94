import { DomainError, type ErrorDetail } from '../../../platform/http/domain-error.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../platform/i18n/index.js';
import { CATALOG_ERRORS } from '../catalog.errors.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ProductQuery } from '../catalog.service.js';

type Raw = Record<string, unknown>;

const ENGLISH: Record<string, string> = {
  [CATALOG_ERRORS.INVALID_LOCALE]: 'The language must be one of: hr, en, de, sl.',
  [CATALOG_ERRORS.INVALID_PAGE]: 'The page must be a whole number from 1 up.',
  [CATALOG_ERRORS.INVALID_PAGE_SIZE]: 'The number of products per page must be a whole number from 1 to 48.',
  [CATALOG_ERRORS.INVALID_CATEGORY]: 'The category must be a short slug (letters, digits and hyphens).',
  [CATALOG_ERRORS.INVALID_QUERY]: 'The search term may have at most 100 characters.',
};

function single(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : '\u0000invalid';
}

function wholeNumber(v: string | undefined, min: number, max: number): number | null | undefined {
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,6}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}

/** Throws one 422 DomainError listing every invalid field (each localized by its code). */
function fail(problems: Array<{ code: string; field: string }>): never {
  const details: ErrorDetail[] = problems.map((p) => ({ code: p.code, field: p.field, message: ENGLISH[p.code] }));
  const [first, ...more] = details;
  throw new DomainError(first.code, first.message, 'invalid', first.field, more);
}

export function parseLocale(raw: unknown): Locale {
  const v = single(raw);
  if (v === undefined || v === '') return DEFAULT_LOCALE;
  if (!isLocale(v)) fail([{ code: CATALOG_ERRORS.INVALID_LOCALE, field: 'locale' }]);
  return v;
}

/** `?locale=&category=&q=&page=&page_size=` of the product list. */
export function parseProductQuery(raw: Raw): ProductQuery {
  const problems: Array<{ code: string; field: string }> = [];
  const locale = single(raw.locale);
  if (locale !== undefined && locale !== '' && !isLocale(locale)) problems.push({ code: CATALOG_ERRORS.INVALID_LOCALE, field: 'locale' });
  const category = single(raw.category);
  if (category !== undefined && category !== '' && !/^[a-z0-9-]{1,80}$/.test(category)) problems.push({ code: CATALOG_ERRORS.INVALID_CATEGORY, field: 'category' });
  const q = single(raw.q);
  if (q !== undefined && (q.length > 100 || q.includes('\u0000'))) problems.push({ code: CATALOG_ERRORS.INVALID_QUERY, field: 'q' });
  const page = wholeNumber(single(raw.page), 1, 100_000);
  if (page === null) problems.push({ code: CATALOG_ERRORS.INVALID_PAGE, field: 'page' });
  const pageSize = wholeNumber(single(raw.page_size), 1, MAX_PAGE_SIZE);
  if (pageSize === null) problems.push({ code: CATALOG_ERRORS.INVALID_PAGE_SIZE, field: 'page_size' });
  if (problems.length) fail(problems);
  return {
    locale: (locale || DEFAULT_LOCALE) as Locale,
    ...(category ? { category } : {}),
    ...(q !== undefined && q.trim() !== '' ? { q: q.trim() } : {}),
    page: page ?? 1,
    pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
