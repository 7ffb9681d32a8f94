// After `npm install <pkg>`: removes from package-lock.json the optional builds of other platforms
// that npm added on this run and the committed lockfile (git HEAD) does not list. The registry
// reachable here serves those only on some days (see lockfile-drift.mjs), so committing them would
// make the lockfile depend on the day. Usage: node scripts/ci/strip-foreign-lock.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const committed =
  JSON.parse(execFileSync('git', ['show', 'HEAD:package-lock.json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).packages ?? {};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const fits = (list, value) => !Array.isArray(list) || list.some((x) => x === value || (x.startsWith('!') ? x.slice(1) !== value : false));
let removed = 0;
for (const [name, entry] of Object.entries(lock.packages ?? {})) {
  if (name in committed) continue;
  if (entry?.optional && (!fits(entry.os, process.platform) || !fits(entry.cpu, process.arch))) {
    delete lock.packages[name];
    removed++;
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: removed ${removed} optional builds of other platforms that HEAD does not list`);
