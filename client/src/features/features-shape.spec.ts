import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * The shape of client/src/features (docs/forms.md): files small enough to read, features that do not import
 * each other both ways, and the form kit used through its index.
 */

const FEATURES = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(FEATURES, '..');
const MAX_LINES = 450;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(FEATURES).map((path) => ({ path, name: relative(FEATURES, path), text: readFileSync(path, 'utf8') }));

/** The relative imports of a file, resolved to paths below client/src. */
function importsOf(file: { path: string; text: string }): string[] {
  const out: string[] = [];
  for (const match of file.text.matchAll(/^(?:import|export)\b[^;]*?\sfrom\s+'(\.[^']+)'/gms)) {
    out.push(relative(SRC, resolve(dirname(file.path), match[1])));
  }
  return out;
}

const featureOf = (path: string) => (path.startsWith(`features${sep}`) ? path.split(sep)[1] : null);

describe('client/src/features', () => {
  it(`has no file over ${MAX_LINES} lines (split a screen by step or part instead)`, () => {
    const long = files.map((f) => ({ name: f.name, lines: (f.text.match(/\n/g) ?? []).length })).filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('has no two features that import each other (one of them owns what both need)', () => {
    const edges = new Set<string>();
    for (const file of files) {
      const from = featureOf(relative(SRC, file.path));
      for (const target of importsOf(file)) {
        const to = featureOf(target);
        if (from && to && from !== to) edges.add(`${from} -> ${to}`);
      }
    }
    const both = [...edges].filter((edge) => {
      const [from, to] = edge.split(' -> ');
      return from < to && edges.has(`${to} -> ${from}`);
    });
    expect(both).toEqual([]);
    // The edges this test reads (so a broken import pattern cannot pass it silently).
    expect(edges.has('checkout -> account')).toBe(true);
  });

  it('imports the form kit through its index (components/forms), never a file of it', () => {
    const deep = files.flatMap((f) =>
      importsOf(f)
        .filter((target) => target.startsWith(`components${sep}forms${sep}`))
        .map((t) => `${f.name}: ${t}`),
    );
    expect(deep).toEqual([]);
  });
});
