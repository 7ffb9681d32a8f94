// Subsets the shop's two variable fonts (Fraunces, Figtree; @fontsource-variable) to the characters
// the four languages use, keeping the weight axis: per family a 'core' file (ASCII and the Latin-1
// letters and punctuation of hr/en/de/sl text) and an 'ext' file (č ć đ š ž and their capitals, from
// the latin-ext source). Both are preloaded on every page (client/src/ssr/router-manifest.ts); the
// full fontsource files stay declared behind them for any other character (client/src/styles/fonts.css).
// The output is committed (client/src/styles/fonts/): regenerate with `npm run fonts:subset` after a
// font update or when a language needs a new character; fonts.spec.ts fails until then.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import subsetFont from 'subset-font';

const OUT = resolve('client/src/styles/fonts');

let ascii = '';
for (let c = 0x20; c <= 0x7e; c++) ascii += String.fromCodePoint(c);
/** Beyond ASCII: German letters, the typography of the four languages (quotes, dashes, ellipsis), money and signs. */
export const CORE_EXTRA = '\u00a0«»·°×©®äöüßÄÖÜéèêëáàâíìîóòôúùûçñÉÈÁÓÚ–—‘’‚“”„…•−€™→←';
export const EXT = 'ČčĆćĐđŠšŽž';

const FAMILIES = [
  { name: 'fraunces', dir: '@fontsource-variable/fraunces', base: 'fraunces' },
  { name: 'figtree', dir: '@fontsource-variable/figtree', base: 'figtree' },
];

/** CSS unicode-range of a set of characters: sorted code points, runs joined (U+0020-007E, U+00AB, ...). */
export function unicodeRange(text) {
  const points = [...new Set([...text].map((c) => c.codePointAt(0)))].sort((a, b) => a - b);
  const hex = (n) => n.toString(16).toUpperCase().padStart(4, '0');
  const runs = [];
  for (const p of points) {
    const last = runs.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

const manifest = {
  core: ascii + CORE_EXTRA,
  ext: EXT,
  coreRange: unicodeRange(ascii + CORE_EXTRA),
  extRange: unicodeRange(EXT),
  files: {},
};
for (const family of FAMILIES) {
  const source = (subset) => readFileSync(resolve('node_modules', family.dir, 'files', `${family.base}-${subset}-wght-normal.woff2`));
  for (const [part, subset, text] of [
    ['core', 'latin', manifest.core],
    ['ext', 'latin-ext', manifest.ext],
  ]) {
    const bytes = await subsetFont(source(subset), text, { targetFormat: 'woff2' });
    const file = `${family.name}-${part}-wght.woff2`;
    writeFileSync(resolve(OUT, file), bytes);
    manifest.files[file] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    console.log(`${file}: ${bytes.length} bytes`);
  }
}
writeFileSync(resolve(OUT, 'subset.json'), `${JSON.stringify(manifest, null, 2)}\n`);
