import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where data access lives (docs/architecture.md, 'Data access'): SQL text and query builders only in
// a module's `*.repository.ts` files (and demo seeders, which write through the data source at will);
// services, listeners, jobs and controllers call the repositories. Migrations and platform are
// outside server/modules and not checked here. A module also queries no other module's tables:
// `shop_order*` is read and written by the order module alone.

const MODULES = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file's code without its comments (a comment may name `.query(` without calling it). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const files = sources(MODULES).map((path) => ({ path: relative(MODULES, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

describe('data access (server/modules)', () => {
  it('finds the module sources', () => {
    expect(files.some((f) => f.path === 'order/order.repository.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('runs SQL and query builders only in *.repository.ts (and demo seeders)', () => {
    const offenders = files
      .filter((f) => !f.path.endsWith('.repository.ts') && !f.path.endsWith('.seeder.ts'))
      .filter((f) => /\.query\s*(<[^>]*>)?\s*\(|createQueryBuilder\s*\(/.test(code(f.text)))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('leaves the order tables to the order module', () => {
    const offenders = files.filter((f) => !f.path.startsWith('order/') && /\bshop_order/.test(code(f.text))).map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});
