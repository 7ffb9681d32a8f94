// Compares the committed package-lock.json (git HEAD) with the one `npm install` left behind.
// The registry reachable here sometimes serves, sometimes not, the optional builds of other
// platforms (msgpackr-extract's darwin/win32 packages, say), and npm then adds them to the lockfile.
// Such additions (and their removal on a day the registry does not serve them) are harmless:
// npm never installs them on this platform. Anything else (a changed
// version, a removed package, an added package this platform would install) means package.json
// and the lockfile disagree. Exit 0: no drift, or only harmless additions (the committed lockfile
// is restored); exit 1: real drift (printed).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const committedText = execFileSync('git', ['show', 'HEAD:package-lock.json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const currentText = readFileSync('package-lock.json', 'utf8');
if (committedText === currentText) process.exit(0);

const committed = JSON.parse(committedText).packages ?? {};
const current = JSON.parse(currentText).packages ?? {};
const foreign = (entry) => {
  if (!entry?.optional) return false;
  const fits = (list, value) => !Array.isArray(list) || list.some((x) => x === value || (x.startsWith('!') ? x.slice(1) !== value : false));
  return !fits(entry.os, process.platform) || !fits(entry.cpu, process.arch);
};

const problems = [];
for (const [name, entry] of Object.entries(current)) {
  if (!(name in committed)) {
    if (!foreign(entry)) problems.push(`added: ${name}`);
  } else if (JSON.stringify(entry) !== JSON.stringify(committed[name])) {
    problems.push(`changed: ${name}`);
  }
}
for (const [name, entry] of Object.entries(committed)) if (!(name in current) && !foreign(entry)) problems.push(`removed: ${name}`);

if (problems.length) {
  console.log(problems.slice(0, 40).join('\n'));
  process.exit(1);
}
console.log('package-lock.json: npm changed only optional builds of other platforms; keeping the committed lockfile');
writeFileSync('package-lock.json', committedText);
