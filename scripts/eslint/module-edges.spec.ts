import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MODULE_EDGES } from './import-boundaries.js';

// The table of allowed module -> module imports (MODULE_EDGES, enforced by the lint rule) against the
// code and against its picture in docs/architecture.md.

const MODULES_DIR = 'server/modules';
const DOCS = 'docs/architecture.md';
const DOCS_MARKER = '<!-- module-edges';

type Edges = Record<string, string[]>;

const normalized = (edges: Edges): Edges =>
  Object.fromEntries(
    Object.entries(edges)
      .map(([from, to]) => [from, [...to].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

const table: Edges = normalized(Object.fromEntries(Object.entries(MODULE_EDGES).map(([from, to]) => [from, [...to]])));

function modulesOnDisk(): string[] {
  return readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The module -> module imports the code makes (static, type-only, re-exports and dynamic ones). */
function edgesInCode(): Edges {
  const edges: Edges = Object.fromEntries(modulesOnDisk().map((m) => [m, []]));
  for (const from of modulesOnDisk()) {
    for (const file of sourceFiles(path.join(MODULES_DIR, from))) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]*)['"]/g)) {
        const target = /^server\/modules\/([^/]+)\//.exec(path.join(path.dirname(file), specifier).split(path.sep).join('/') + '/')?.[1];
        if (target && target !== from && !edges[from].includes(target)) edges[from].push(target);
      }
    }
  }
  return normalized(edges);
}

/** The table drawn in the docs: the first fenced block after the marker, one `module -> a, b` line per module. */
function docsPicture(): { order: string[]; edges: Edges } {
  const docs = readFileSync(DOCS, 'utf8');
  const at = docs.indexOf(DOCS_MARKER);
  if (at < 0) throw new Error(`${DOCS} has no '${DOCS_MARKER}' marker before the picture of the module edges`);
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(docs.slice(at));
  if (!block) throw new Error(`no fenced block after '${DOCS_MARKER}' in ${DOCS}`);
  const order: string[] = [];
  const edges: Edges = {};
  for (const line of block[1].split('\n')) {
    const row = /^\s*([a-z][\w-]*)\s+->(.*)$/.exec(line);
    if (!row) continue;
    const [, from, rest] = row;
    order.push(from);
    edges[from] = rest
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== '-');
  }
  return { order, edges: normalized(edges) };
}

describe('module edges (MODULE_EDGES in scripts/eslint/import-boundaries.js)', () => {
  it('has one row for every module in server/modules, and none for a module that is not there', () => {
    expect(Object.keys(table)).toEqual(modulesOnDisk());
  });

  it('names only modules that exist, none twice, never the module itself', () => {
    for (const [from, to] of Object.entries(table)) {
      expect([from, to.filter((m) => !(m in table) || m === from)]).toEqual([from, []]);
      expect([from, new Set(to).size]).toEqual([from, to.length]);
    }
  });

  it('has no cycle: the modules can be drawn in layers, each importing only layers below it', () => {
    const done = new Set<string>();
    const visit = (m: string, trail: string[]): void => {
      if (trail.includes(m)) throw new Error(`module cycle: ${[...trail, m].join(' -> ')}`);
      if (done.has(m)) return;
      for (const next of table[m] ?? []) visit(next, [...trail, m]);
      done.add(m);
    };
    for (const m of Object.keys(table)) visit(m, []);
    expect(done.size).toBe(Object.keys(table).length);
  });

  it('is exactly what the code imports: every edge used, none missing (remove a row entry with its last import)', () => {
    expect(edgesInCode()).toEqual(table);
  });

  it('matches the picture in docs/architecture.md line for line', () => {
    expect(docsPicture().edges).toEqual(table);
  });

  it("draws each module above the modules it imports (the picture's arrows point down)", () => {
    const { order } = docsPicture();
    const upward = Object.entries(table).flatMap(([from, to]) =>
      to.filter((m) => order.indexOf(m) < order.indexOf(from)).map((m) => `${from} -> ${m}`),
    );
    expect(upward).toEqual([]);
  });
});
