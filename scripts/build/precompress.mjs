// Precompresses the client build (dist/client/public) once, at build time: every text asset of
// 1 kB or more gets a brotli (.br, quality 11) and a gzip (.gz, level 9) twin, kept only when
// smaller. The server serves the twin the browser accepts (express-static-gzip in
// server/platform/ssr/ssr-renderer.ts), so no asset is compressed per request. Usage:
//   node scripts/build/precompress.mjs [dir]
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = resolve(process.argv[2] ?? 'dist/client/public');
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.map', '.ico']);
const MIN_BYTES = 1024;

function* files(root) {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
const started = Date.now();
for (const path of files(dir)) {
  if (path.endsWith('.br') || path.endsWith('.gz')) {
    unlinkSync(path); // a twin from an earlier build: made anew below (or gone with its original)
    continue;
  }
}
for (const path of files(dir)) {
  if (!TEXT.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += bytes.length;
  afterBr += Math.min(br.length, bytes.length);
}
console.log(
  `precompressed ${count} files in ${relative(process.cwd(), dir) || '.'}: ${(before / 1024).toFixed(0)} kB -> ${(afterBr / 1024).toFixed(0)} kB brotli (${Date.now() - started} ms)`,
);
