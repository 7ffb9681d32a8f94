import {
  hasControlCharacter,
  hasLoneSurrogate,
  inspectRequest,
  MULTILINE_FIELDS,
  parameterNames,
  scanValue,
  type RouteTemplate,
} from './control-characters.js';
import { ControlCharacterGuard, refuseControlCharacters, routesOf } from './input-check.js';
import { DomainError } from './domain-error.js';

const ROUTES: RouteTemplate[] = [
  { path: '/api/cart/items', methods: ['POST'] },
  { path: '/api/cart/items/:product_code', methods: ['PATCH', 'DELETE'] },
  { path: '/api/catalog/products/:slug', methods: ['GET'] },
  { path: '/api/files/{*rest}', methods: 'all' },
];
const routes = () => ROUTES;

describe('control characters', () => {
  it('refuses C0, DEL and C1; tab and line breaks only in multi-line texts', () => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f']) {
      expect([c.charCodeAt(0), hasControlCharacter(`a${c}b`), hasControlCharacter(`a${c}b`, true)]).toEqual([c.charCodeAt(0), true, true]);
    }
    for (const c of ['\t', '\n', '\r']) expect([hasControlCharacter(c), hasControlCharacter(c, true)]).toEqual([true, false]);
    for (const ok of ['Šparoge ćevapi', '\u00a0', '\u2028', '😀', '']) expect(hasControlCharacter(ok)).toBe(false);
  });

  it('refuses unpaired UTF-16 surrogates (as JSON.parse makes them from "\\ud800"), in values and keys, multi-line texts included', () => {
    for (const bad of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\ud83d', '\ude00\ud83d', JSON.parse('"\\ud800"') as string])
      expect(hasLoneSurrogate(bad)).toBe(true);
    for (const ok of ['😀', 'a😀b', '\ud83d\ude00', 'Šparoge', '', '\uffff']) expect(hasLoneSurrogate(ok)).toBe(false);
    const body = { email: 'a\ud800@example.com', note: 'line\n\udc00', ok: '😀', ['k\ud800']: 1 };
    expect(scanValue(body, 'body')).toEqual([
      { code: 'UNPAIRED_SURROGATE', field: 'email' },
      { code: 'UNPAIRED_SURROGATE', field: 'note' },
      { code: 'UNPAIRED_SURROGATE', field: 'k\\ud800' },
    ]);
    // a control character is named first when a value holds both
    expect(scanValue({ a: '\u0000\ud800' }, 'body')).toEqual([{ code: 'CONTROL_CHARACTER', field: 'a' }]);
  });

  it('keeps the multi-line allow-list small and explicit', () => {
    const productTexts = ['de', 'en', 'hr', 'sl'].flatMap((l) =>
      ['allergens', 'cooking_tips', 'description', 'ingredients'].map((f) => `texts.${l}.${f}`),
    );
    const content = [...MULTILINE_FIELDS].filter((f) => f === 'body_markdown' || f.startsWith('translations.'));
    expect([...MULTILINE_FIELDS].filter((f) => !content.includes(f)).sort()).toEqual(['message', 'note', 'remark', ...productTexts]);
    // the content editor's texts (docs/admin.md 'Content in the back office'): 11 per language, and the old body edit
    expect(content.length).toBe(1 + 4 * 11);
    expect(content).toContain('translations.sl.texts.steps.*');
  });

  it('names body fields by their dotted path, arrays by index, and keys escaped', () => {
    const body = {
      email: 'a\u0000b',
      lines: [{ note: 'one\ntwo' }, { note: 'x\u0000', qty: 1 }],
      nested: { deep: ['ok', 'b\u0007'] },
      ['k\u0001']: true,
    };
    // in document order; 'lines.*.note' is not on the list, so a line's note is a single line
    expect(scanValue(body, 'body').map((p) => p.field)).toEqual(['email', 'lines.0.note', 'lines.1.note', 'nested.deep.1', 'k\\u0001']);
    expect(scanValue({ note: 'a\r\n\tb', remark: 'x\ny' }, 'body')).toEqual([]);
    expect(scanValue('a\u0000', 'body')).toEqual([{ code: 'CONTROL_CHARACTER', field: 'body' }]);
    expect(scanValue([1, null, true, 2.5], 'body')).toEqual([]);
  });

  it('reports at most 20 fields, and walks a deep body without recursion or quadratic copying', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, '\u0000']));
    expect(scanValue(many, 'body')).toHaveLength(20);
    // 100 000 levels (a 200 kB body): linear work, a field name cut to 200 characters
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
    const [problem] = scanValue(deep, 'body');
    expect(problem.field).toMatch(/^a\.0\.a\.0\.a(\.0\.a)*.*…$/);
    expect(problem.field).toHaveLength(200);
    const wide = Array.from({ length: 100_000 }, (_, i) => ({ n: i, s: 'ok' }));
    expect(scanValue(wide, 'body')).toEqual([]);
  });

  it("names path segments by the route's parameters, else `path`", () => {
    expect(parameterNames(ROUTES, 'DELETE', '/api/cart/items/%00')).toEqual(new Map([[4, 'product_code']]));
    expect(parameterNames(ROUTES, 'GET', '/API/Catalog/products/x/')).toEqual(new Map([[4, 'slug']]));
    expect(parameterNames(ROUTES, 'HEAD', '/api/catalog/products/x')).toEqual(new Map([[4, 'slug']]));
    expect(parameterNames(ROUTES, 'POST', '/api/catalog/products/x')).toEqual(new Map());
    expect(inspectRequest({ method: 'GET', originalUrl: '/api/catalog/products/a%00b?x=1' }, routes)).toEqual([
      { code: 'CONTROL_CHARACTER', field: 'slug' },
    ]);
    expect(inspectRequest({ method: 'GET', originalUrl: '/api/catalog/products/%E0%A4%A' }, routes)).toEqual([
      { code: 'MALFORMED_ENCODING', field: 'slug' },
    ]);
    expect(inspectRequest({ method: 'GET', originalUrl: '/api/nothing/%1F' }, routes)).toEqual([
      { code: 'CONTROL_CHARACTER', field: 'path' },
    ]);
    expect(inspectRequest({ method: 'GET', originalUrl: '/api/catalog/products/%C5%A1pageti' }, routes)).toEqual([]);
  });

  it('reads the route table only for a refused path', () => {
    let reads = 0;
    const counted = () => {
      reads++;
      return ROUTES;
    };
    inspectRequest(
      { method: 'POST', originalUrl: '/api/cart/items?locale=hr', query: { locale: 'hr' }, body: { product_code: 'X', quantity: 1 } },
      counted,
    );
    expect(reads).toBe(0);
    expect(
      inspectRequest(
        { method: 'POST', originalUrl: '/api/cart/items', query: { locale: ['hr', '\u0000'] }, body: { product_code: 'X\u0000' } },
        counted,
      ),
    ).toEqual([
      { code: 'CONTROL_CHARACTER', field: 'locale.1' },
      { code: 'CONTROL_CHARACTER', field: 'product_code' },
    ]);
    expect(reads).toBe(0);
  });

  it('reads the routes of an Express 5 router stack', async () => {
    const express = (await import('express')).default;
    const app = express();
    app.get('/api/x/:id', (_req, res) => res.end());
    app.all('/api/any/:name', (_req, res) => res.end());
    app.use((_req, _res, next) => next());
    const [x, any] = routesOf(app);
    expect(x).toEqual({ path: '/api/x/:id', methods: ['GET'] });
    expect(any.path).toBe('/api/any/:name');
    expect(any.methods).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE']));
  });

  it('the guard (second line, for every Nest route) refuses what the middleware would, whatever parsed the body', () => {
    const context = (req: object) => ({ getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) }) as never;
    const guard = new ControlCharacterGuard();
    const app = { router: { stack: [] } };
    expect(guard.canActivate(context({ app, method: 'POST', originalUrl: '/api/x', query: {}, body: { ok: 'yes', note: 'a\nb' } }))).toBe(
      true,
    );
    let thrown: unknown;
    try {
      guard.canActivate(context({ app, method: 'POST', originalUrl: '/api/x', query: {}, body: { code: 'a\u0000' } }));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).details).toEqual([expect.objectContaining({ code: 'CONTROL_CHARACTER', field: 'code' })]);
  });

  it('the middleware lets pages through (they answer 404 themselves) and refuses /api and /admin', () => {
    const middleware = refuseControlCharacters();
    const run = (path: string) => {
      let passed: unknown = 'not called';
      middleware(
        { path, originalUrl: path, method: 'GET', query: {}, app: { router: { stack: [] } } } as never,
        {} as never,
        (err?: unknown) => (passed = err),
      );
      return passed instanceof DomainError ? passed.code : passed;
    };
    expect(run('/proizvod/%00')).toBeUndefined();
    expect(run('/api/x/%00')).toBe('CONTROL_CHARACTER');
    expect(run('/API/x/%00')).toBe('CONTROL_CHARACTER');
    expect(run('/admin/queues/%00')).toBe('CONTROL_CHARACTER');
    expect(run('/api/x/ok')).toBeUndefined();
  });
});
