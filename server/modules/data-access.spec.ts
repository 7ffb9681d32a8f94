import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where data access lives (docs/architecture.md, 'Data access'): SQL text, query builders and TypeORM
// entity calls (`m.findOne(User, …)`, `manager.update(…)`, `getRepository(…)`) only in a module's
// `*.repository.ts` files (and demo seeders, which write through the data source at will); services,
// listeners, jobs and controllers call the repositories. Building an entity in memory
// (`manager.create(Order, …)`) reads and writes nothing and is not counted. Migrations and platform are
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

/** The EntityManager and Repository methods that read or write rows. */
const ENTITY_METHODS = `
  find findBy findOne findOneBy findOneOrFail findOneByOrFail findAndCount findAndCountBy
  insert update upsert delete softDelete restore save remove softRemove preload clear
  count countBy exists existsBy increment decrement sum average minimum maximum
`
  .trim()
  .split(/\s+/)
  .join('|');

/**
 * A TypeORM entity call: such a method with an entity class first (`x.findOne(User, …)`), or called
 * on a manager (`m.`, `em.`, `tx.`, `…manager.`, `…Manager.`) whatever its arguments, or a TypeORM
 * repository (`getRepository(`, `@InjectRepository(`, `Repository<`).
 */
const ENTITY_CALL = [
  new RegExp(String.raw`\.(?:${ENTITY_METHODS})\s*\(\s*[A-Z]\w*\s*[,)]`),
  new RegExp(String.raw`(?:\bm|\bem|\btx|[mM]anager)\.(?:${ENTITY_METHODS})\s*\(`),
  /\bgetRepository\s*\(|\bInjectRepository\s*\(|\bRepository\s*</,
];

const entityCalls = (text: string): boolean => ENTITY_CALL.some((re) => re.test(code(text)));

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

  it('recognizes TypeORM entity calls, and not in-memory entity building', () => {
    for (const call of [
      `await m.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });`,
      `await ctx.manager.findOne(User, { where: { email } });`,
      `await this.db.manager.findOne(RefreshToken, { where: { tokenHash } });`,
      `await m.update(UserToken, { id: token.id }, { usedAt });`,
      `await manager.save(coupon);`,
      `await em.insert(\n  Order,\n  row,\n);`,
      `const repo = this.db.getRepository(Cart);`,
    ]) {
      expect({ call, found: entityCalls(call) }).toEqual({ call, found: true });
    }
    for (const other of [
      `const row = manager.create(Order, { id });`,
      `await this.users.byId(m, id, { lock: true });`,
      `await this.tokens.markUserTokenUsed(m, token.id, at);`,
      `seen.delete(key);`,
      `// m.findOne(User, …) lives in user.repository.ts`,
    ]) {
      expect({ other, found: entityCalls(other) }).toEqual({ other, found: false });
    }
  });

  it('makes TypeORM entity calls only in *.repository.ts (and demo seeders)', () => {
    const offenders = files
      .filter((f) => !f.path.endsWith('.repository.ts') && !f.path.endsWith('.seeder.ts'))
      .filter((f) => entityCalls(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('leaves the order tables to the order module', () => {
    const offenders = files.filter((f) => !f.path.startsWith('order/') && /\bshop_order/.test(code(f.text))).map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});
