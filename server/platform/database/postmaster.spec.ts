import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPostmasterOf, processAlive, readPostmasterPid, stopOrphanedPostmaster } from './postmaster.js';

/** A postmaster.pid as PostgreSQL writes it (pid, data directory, start time, port, ...). */
function lockFile(dir: string, pid: number, port = 54329): string {
  const file = join(dir, 'postmaster.pid');
  writeFileSync(file, `${pid}\n${dir}\n1700000000\n${port}\n\n127.0.0.1\n  5432001    32768\nready   \n`);
  return file;
}

/** A pid that ran a moment ago and is gone now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('orphaned and stale postmaster.pid', () => {
  let dir: string;
  const logs: string[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'postmaster-'));
    logs.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads pid, data directory and port', async () => {
    lockFile(dir, 4242, 55555);
    expect(await readPostmasterPid(dir)).toEqual({ pid: 4242, dataDir: dir, port: 55555 });
    expect(await readPostmasterPid(join(dir, 'nothing'))).toBeUndefined();
  });

  it('finds nothing to do without a lock file', async () => {
    expect(await stopOrphanedPostmaster(dir, (m) => logs.push(m))).toBe('none');
  });

  it('removes a lock file whose pid belongs to another program (not postgres), so PostgreSQL can start', async () => {
    const file = lockFile(dir, process.pid);
    expect(await processAlive(process.pid)).toBe(true);
    expect(await isPostmasterOf(process.pid, dir)).toBe(false);
    expect(await stopOrphanedPostmaster(dir, (m) => logs.push(m))).toBe('stale');
    expect(existsSync(file)).toBe(false);
    expect(logs.join('\n')).toContain('stale postmaster.pid');
  });

  it('leaves a lock file whose pid is gone to PostgreSQL (it checks its shared memory itself) and signals nobody', async () => {
    const pid = await deadPid();
    const file = lockFile(dir, pid);
    expect(await processAlive(pid)).toBe(false);
    expect(await stopOrphanedPostmaster(dir, (m) => logs.push(m))).toBe('stale');
    expect(existsSync(file)).toBe(true);
  });

  it('does not take a zombie or a garbage pid for a running process', async () => {
    expect(await processAlive(0)).toBe(false);
    expect(await processAlive(-1)).toBe(false);
    expect(await processAlive(Number.NaN)).toBe(false);
    // PostgreSQL itself refuses such a file ('bogus data in lock file'): it is removed.
    writeFileSync(join(dir, 'postmaster.pid'), 'garbage\n');
    expect(await stopOrphanedPostmaster(dir, (m) => logs.push(m))).toBe('stale');
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
  });
});
