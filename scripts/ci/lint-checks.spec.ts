// `npm run lint` is eslint, then `prettier --check .`, then knip (package.json). These tests show the
// last two fail when they should: prettier with the repo's config and ignore file on an unformatted
// snippet, knip with the repo's rules on a small project (scripts/ci/fixtures/knip-project) with an
// unused export and an import of a package its package.json does not declare. The ESLint rules have
// their own tests (scripts/eslint/import-boundaries.spec.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';

const SOURCE_FILE = resolve('server/example.ts');

async function formatted(code: string, file = SOURCE_FILE): Promise<boolean> {
  const options = await prettier.resolveConfig(file);
  return prettier.check(code, { ...options, filepath: file });
}

async function ignoredByPrettier(file: string): Promise<boolean> {
  return (await prettier.getFileInfo(resolve(file), { ignorePath: resolve('.prettierignore') })).ignored;
}

describe('npm run lint', () => {
  it('runs eslint and prettier --check (with its content-keyed cache outside the clone) side by side, then knip; fails when one fails', async () => {
    const lint = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.lint;
    expect(lint).toBe('node scripts/ci/lint.mjs');
    const { STEPS } = (await import(resolve('scripts/ci/lint.mjs'))) as { STEPS: Record<string, [string, string[]]> };
    expect(Object.keys(STEPS)).toEqual(['eslint', 'prettier', 'knip']);
    expect(STEPS.eslint[1]).toEqual(['.']);
    expect(STEPS.prettier[1].slice(0, 5)).toEqual(['--check', '.', '--cache', '--cache-strategy', 'content']);
    expect(STEPS.prettier[1][6]).toContain('/pasta-shop/prettier/');
    expect(STEPS.knip[1]).toEqual([]);
    const source = readFileSync('scripts/ci/lint.mjs', 'utf8');
    expect(source).toContain("await Promise.all([run('eslint'), run('prettier')])");
    expect(source).toContain("eslintOk && prettierOk && (await run('knip'))");
  });
});

describe('prettier --check, with the repo config', () => {
  it('fails on an unformatted file', async () => {
    expect(await formatted('export const total=(a:number,b:number)=>{return a+b}\n')).toBe(false);
  });

  it('fails on double quotes (the repo config says singleQuote)', async () => {
    expect(await formatted('import { x } from "./x.js";\n\nexport const y = x;\n')).toBe(false);
  });

  it('passes a formatted file', async () => {
    expect(await formatted("import { x } from './x.js';\n\nexport const total = (a: number, b: number) => a + b + x;\n")).toBe(true);
  });

  it('checks the sources and skips only generated files and the authored content', async () => {
    for (const file of [
      'server/main.ts',
      'client/src/router.tsx',
      'contract/money.ts',
      'emails/render.ts',
      'scripts/chaos.ts',
      'docs/architecture.md',
    ]) {
      expect([file, await ignoredByPrettier(file)]).toEqual([file, false]);
    }
    for (const file of ['client/src/routeTree.gen.ts', 'dist/server/main.js', 'package-lock.json', 'content/pages/about-us.hr.md']) {
      expect([file, await ignoredByPrettier(file)]).toEqual([file, true]);
    }
  });
});

describe('knip, with the repo rules', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'knip-fixture-'));
    cpSync(resolve('scripts/ci/fixtures/knip-project'), dir, { recursive: true });
    // The repo's settings of what counts as a finding; its entry and ignore lists name the shop's files.
    const parsed = ts.parseConfigFileTextToJson('knip.jsonc', readFileSync('knip.jsonc', 'utf8'));
    if (parsed.error) throw new Error(`knip.jsonc: ${ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n')}`);
    const repo = parsed.config as Record<string, unknown>;
    const rules = Object.fromEntries(
      ['rules', 'include', 'exclude', 'ignoreExportsUsedInFile', 'includeEntryExports'].filter((k) => k in repo).map((k) => [k, repo[k]]),
    );
    writeFileSync(join(dir, 'knip.json'), JSON.stringify(rules));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails, reporting the unused export and the undeclared import', () => {
    const run = spawnSync(process.execPath, [resolve('node_modules/knip/bin/knip.js'), '--no-progress', '--reporter', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    const { issues } = JSON.parse(run.stdout) as { issues: { file: string; exports: { name: string }[]; unlisted: { name: string }[] }[] };
    const found = issues.flatMap((i) => [
      ...i.exports.map((e) => `${i.file}: unused export ${e.name}`),
      ...i.unlisted.map((u) => `${i.file}: unlisted ${u.name}`),
    ]);
    expect(found.sort()).toEqual(['src/greet.js: unlisted express', 'src/greet.js: unused export farewell']);
  }, 20_000);
});
