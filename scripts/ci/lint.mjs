// `npm run lint`: ESLint (with the import boundaries) and `prettier --check .` side by side (each uses one
// core: ESLint 77 s and a cold prettier about 75 s on this 2-core machine, 2026-11-29; in a row they were most
// of lint's 161 s), then knip (5 s). Prettier keeps its content-keyed cache outside the clone, in the user's
// cache directory ($XDG_CACHE_HOME or ~/.cache, pasta-shop/prettier/<checksum of the clone's path>/), like
// the typecheck's build info (scripts/ci/typecheck.mjs). Each tool's output is printed in one piece; the
// lint fails when any of the three fails, and knip runs only when the first two passed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.cwd();
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const prettierCache = resolve(
  process.env.XDG_CACHE_HOME || resolve(homedir(), '.cache'),
  'pasta-shop/prettier',
  createHash('sha256').update(root).digest('hex').slice(0, 16),
  'cache.json',
);

export const STEPS = {
  eslint: [bin('eslint'), ['.']],
  prettier: [bin('prettier'), ['--check', '.', '--cache', '--cache-strategy', 'content', '--cache-location', prettierCache]],
  knip: [bin('knip'), []],
};

function run(name) {
  const [command, args] = STEPS[name];
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code) => {
      process.stdout.write(`> ${name}\n${output}${output.endsWith('\n') || !output ? '' : '\n'}`);
      if (code !== 0) console.error(`${name}: failed (exit ${code})`);
      done(code === 0);
    });
  });
}

// run when called (`node scripts/ci/lint.mjs`), not when a test imports STEPS
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [eslintOk, prettierOk] = await Promise.all([run('eslint'), run('prettier')]);
  const ok = eslintOk && prettierOk && (await run('knip'));
  process.exit(ok ? 0 : 1);
}
