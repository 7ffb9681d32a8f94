// `npm run typecheck`: the four TypeScript programs (the server with contract, emails, tests and scripts; the
// shop's client; the back office; the end-to-end tests), two at a time (tsc uses one core), each with
// `--incremental` and its build info kept OUTSIDE the clone, in the user's cache directory
// ($XDG_CACHE_HOME or ~/.cache, pasta-shop/tsc/<hash of the clone's path>/), like the Saxon SEF cache of the
// e-invoice tests: a new clone at the same path (CI's) checks only what changed since the last run.
// Safe on a clean clone: tsc compares every file of the program (sources, node_modules' declarations, lib
// files) by the hash of its content, not by its time, re-checks what changed and what depends on it, and
// reports the stored errors of unchanged files again; a changed compiler option or TypeScript version makes
// it check everything. No build info (first run, or the cache deleted) is a full check.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';

const PROJECTS = [
  ['server', 'tsconfig.json'],
  ['client', 'client/tsconfig.json'],
  ['admin', 'client/admin/tsconfig.json'],
  ['e2e', 'test/e2e/tsconfig.json'],
];

const root = process.cwd();
const cache = resolve(
  process.env.XDG_CACHE_HOME || resolve(homedir(), '.cache'),
  'pasta-shop/tsc',
  createHash('sha256').update(root).digest('hex').slice(0, 16),
);
mkdirSync(cache, { recursive: true });
const tsc = resolve(root, 'node_modules/typescript/bin/tsc');

function check([name, project]) {
  return new Promise((done) => {
    const args = [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', resolve(cache, `${name}.tsbuildinfo`)];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      // each program's errors in one piece, not interleaved with the other's
      if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code !== 0) console.error(`tsc -p ${project}: failed (exit ${code})`);
      done(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let ok = true;
await Promise.all(
  [1, 2].map(async () => {
    while (queue.length) if (!(await check(queue.shift()))) ok = false;
  }),
);
process.exit(ok ? 0 : 1);
