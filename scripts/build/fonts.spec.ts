// The committed font subsets (scripts/build/subset-fonts.mjs) cover every character the shop writes,
// match their manifest, and are declared last in fonts.css (so they are tried first).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const FONTS = resolve('client/src/styles/fonts');
const manifest = JSON.parse(readFileSync(resolve(FONTS, 'subset.json'), 'utf8')) as {
  core: string;
  ext: string;
  coreRange: string;
  extRange: string;
  files: Record<string, { bytes: number; sha256: string }>;
};

/** Texts of the four languages the pages show: the client's translations, the company data, the demo catalogue. */
function shopTexts(): string {
  const locales = resolve('client/src/i18n/locales');
  return [
    ...readdirSync(locales).map((f) => readFileSync(resolve(locales, f), 'utf8')),
    readFileSync(resolve('contract/brand/company.ts'), 'utf8'),
    readFileSync(resolve('server/modules/catalog/catalog-demo.data.ts'), 'utf8'),
  ].join('');
}

describe('font subsets', () => {
  it('cover every character of the translations, the company data and the demo catalogue', () => {
    const covered = new Set([...manifest.core, ...manifest.ext]);
    const missing = [...new Set(shopTexts())].filter((c) => !covered.has(c) && !/\s/.test(c) && c.codePointAt(0)! >= 0x20);
    // A new character: add it to CORE_EXTRA or EXT in scripts/build/subset-fonts.mjs and run `npm run fonts:subset`.
    expect(missing).toEqual([]);
  });

  it('are the files their manifest describes (regenerated together)', () => {
    const files = readdirSync(FONTS)
      .filter((f) => f.endsWith('.woff2'))
      .sort();
    expect(files).toEqual(Object.keys(manifest.files).sort());
    for (const file of files) {
      const bytes = readFileSync(resolve(FONTS, file));
      expect([file, bytes.length, createHash('sha256').update(bytes).digest('hex')]).toEqual([
        file,
        manifest.files[file]!.bytes,
        manifest.files[file]!.sha256,
      ]);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('are declared after the full files, with exactly their characters as unicode-range', () => {
    const css = readFileSync(resolve('client/src/styles/fonts.css'), 'utf8');
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!);
    const src = (face: string) => /url\('([^']+)'\)/.exec(face)?.[1] ?? '';
    const range = (face: string) => /unicode-range:\s*([^;]+);/.exec(face)?.[1]!.replace(/\s+/g, ' ').trim();
    const lastFull = Math.max(...faces.map((f, i) => (src(f).includes('@fontsource-variable') ? i : -1)));
    const subsets = faces.map((f, i) => [i, f] as const).filter(([, f]) => src(f).startsWith('./fonts/'));
    expect(subsets.map(([, f]) => src(f)).sort()).toEqual(
      Object.keys(manifest.files)
        .map((f) => `./fonts/${f}`)
        .sort(),
    );
    for (const [i, face] of subsets) {
      expect(i).toBeGreaterThan(lastFull);
      expect(range(face)).toBe(src(face).includes('-core-') ? manifest.coreRange : manifest.extRange);
      expect(face).toMatch(/font-display:\s*swap/);
    }
  });
});
