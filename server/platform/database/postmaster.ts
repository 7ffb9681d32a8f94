import { readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';

const run = promisify(execFile);

/** What PostgreSQL writes to `<data dir>/postmaster.pid` while it runs (lines 1, 2 and 4). */
export interface PostmasterPid {
  pid: number;
  dataDir: string;
  port: number | undefined;
}

export async function readPostmasterPid(databaseDir: string): Promise<PostmasterPid | undefined> {
  let text: string;
  try {
    text = await readFile(resolve(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  // A standalone backend writes its pid negated.
  const pid = Math.abs(Number.parseInt(lines[0] ?? '', 10));
  const port = Number.parseInt(lines[3] ?? '', 10);
  return { pid: Number.isInteger(pid) ? pid : 0, dataDir: (lines[1] ?? '').trim(), port: Number.isInteger(port) ? port : undefined };
}

/** Whether `pid` runs (a zombie, dead but not yet reaped, does not count). */
export async function processAlive(pid: number): Promise<boolean> {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) S ...": the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || (await procMissing())) return signalZero(pid);
    return false;
  }
}

let noProc: boolean | undefined;
async function procMissing(): Promise<boolean> {
  if (noProc === undefined)
    noProc = !(await readFile('/proc/self/stat', 'utf8').then(
      () => true,
      () => false,
    ));
  return noProc;
}

function signalZero(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The executable name of `pid` ('postgres' for a postmaster), or undefined when unknown. */
async function commandName(pid: number): Promise<string | undefined> {
  try {
    return (await readFile(`/proc/${pid}/comm`, 'utf8')).trim();
  } catch {
    try {
      const { stdout } = await run('ps', ['-o', 'comm=', '-p', String(pid)]);
      return stdout.trim().split('/').pop() || undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * Whether `pid` is a running postmaster of `databaseDir`: its executable is postgres, and where
 * the working directory can be read (PostgreSQL changes into its data directory) it is that one.
 * A pid that PostgreSQL left in its lock file may since belong to any other process.
 */
export async function isPostmasterOf(pid: number, databaseDir: string): Promise<boolean> {
  if (!(await processAlive(pid))) return false;
  if ((await commandName(pid)) !== 'postgres') return false;
  const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  if (cwd === undefined) return true;
  const wanted = await realpath(databaseDir).catch(() => resolve(databaseDir));
  return cwd === wanted;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await processAlive(pid))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !(await processAlive(pid));
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone already */
  }
}

/** Processes whose executable is postgres and whose working directory is `databaseDir` (Linux; [] elsewhere). */
async function postgresProcessesIn(databaseDir: string): Promise<number[]> {
  const wanted = await realpath(databaseDir).catch(() => resolve(databaseDir));
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((d) => /^\d+$/.test(d)).map(Number);
  const found: number[] = [];
  for (const pid of pids) {
    const comm = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== 'postgres') continue;
    if ((await readlink(`/proc/${pid}/cwd`).catch(() => '')) === wanted && (await processAlive(pid))) found.push(pid);
  }
  return found;
}

/**
 * Before starting the embedded PostgreSQL: if an earlier shop process was killed (SIGKILL, a
 * crash) its PostgreSQL may still run on this data directory and hold the port. That orphan is
 * stopped (fast shutdown, SIGINT; then immediate, SIGQUIT; SIGKILL as the last resort).
 * A lock file whose pid is gone is left to PostgreSQL, which checks it (and its shared memory)
 * itself; one whose pid now belongs to another process would make PostgreSQL refuse to start, so
 * it is removed, unless some postgres process still works in this directory.
 */
export async function stopOrphanedPostmaster(
  databaseDir: string,
  log: (msg: string) => void,
  waits: { fastMs?: number; immediateMs?: number } = {},
): Promise<'none' | 'stopped' | 'stale'> {
  const lock = await readPostmasterPid(databaseDir);
  if (!lock) return 'none';
  if (await isPostmasterOf(lock.pid, databaseDir)) {
    log(
      `An embedded PostgreSQL of ${databaseDir} (pid ${lock.pid}, port ${lock.port ?? '?'}) is still running from an earlier start that did not stop it; stopping it`,
    );
    signal(lock.pid, 'SIGINT');
    if (!(await waitForExit(lock.pid, waits.fastMs ?? 30_000))) {
      log(`PostgreSQL pid ${lock.pid} did not stop in time; immediate shutdown`);
      signal(lock.pid, 'SIGQUIT');
      if (!(await waitForExit(lock.pid, waits.immediateMs ?? 5_000))) {
        signal(lock.pid, 'SIGKILL');
        await waitForExit(lock.pid, 5_000);
      }
    }
    return 'stopped';
  }
  // PostgreSQL refuses to start on a lock file with no valid pid ('bogus data in lock file').
  if (lock.pid <= 0 || (await processAlive(lock.pid))) {
    if ((await postgresProcessesIn(databaseDir)).length === 0) {
      await rm(resolve(databaseDir, 'postmaster.pid'), { force: true });
      log(
        `Removed a stale postmaster.pid in ${databaseDir}: ${lock.pid > 0 ? `its pid ${lock.pid} belongs to another program now` : 'it names no process'}`,
      );
    }
  } else {
    log(`Found a stale postmaster.pid in ${databaseDir} (pid ${lock.pid} is not running); PostgreSQL will replace it`);
  }
  return 'stale';
}
