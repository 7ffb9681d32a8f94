// The client's data layer keeps two things in one place each (docs/architecture.md, 'Client data
// layer'): every TanStack Query key in api/query-keys.ts, every API path in api/paths.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = 'client/src';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name a path or a key). */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('one place for query keys and API paths', () => {
  const files = sources(ROOT);

  it('reads the whole client', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain(join(ROOT, 'api/query-keys.ts'));
  });

  it('writes no query key outside api/query-keys.ts', () => {
    const offenders = files
      .filter((f) => !f.endsWith(join('api', 'query-keys.ts')))
      .filter((f) => /queryKey:\s*\[/.test(code(f)))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it('writes no API path outside api/paths.ts', () => {
    const offenders = files
      .filter((f) => !f.endsWith(join('api', 'paths.ts')))
      .filter((f) => /['"`]\/api\//.test(code(f).replace(/'Disallow: \/api\/'/g, '')))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
