// CPU time the shop's processes spend, read from /proc (Linux): the web process, the worker
// process and everything they started (the embedded PostgreSQL's postmaster and backends). On a
// machine whose cores are saturated, throughput is 'cores / CPU per unit of work', so CPU per order
// explains an orders/s figure, and compares code across runs far better than a rate on a shared,
// noisy machine does.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICKS_PER_S = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime of the process itself, ms. */
  ownMs: number;
  /** cutime + cstime: children it has waited for (PostgreSQL backends reaped by the postmaster), ms. */
  reapedMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may hold spaces: fields after the last ')'
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(f[i - 3]);
    return {
      pid,
      comm: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')),
      ppid: n(4),
      ownMs: ((n(14) + n(15)) * 1000) / TICKS_PER_S,
      reapedMs: ((n(16) + n(17)) * 1000) / TICKS_PER_S,
    };
  } catch {
    return null; // gone, or no /proc
  }
}

export interface CpuSample {
  /** ms of CPU per role: the web (or all) process, the worker process, their descendants (PostgreSQL). */
  web: number;
  worker: number;
  descendants: number;
  /** The services' processes, by name or pid (a Redis server the shop uses: it runs outside the shop's tree). */
  services: number;
  /** This bench process (the load generator). */
  bench: number;
}

/** A snapshot of CPU used so far by the shop's processes (pids: web first, then worker if any). */
export function sampleCpu(pids: Array<number | undefined>, services: { names?: string[]; pids?: number[] } = {}): CpuSample {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readStat(Number(d)))
    .filter((s): s is ProcStat => s !== null);
  const byPid = new Map(all.map((s) => [s.pid, s]));
  const roots = new Set(pids.filter((p): p is number => p !== undefined));
  const descendsFromRoot = (s: ProcStat): boolean => {
    for (let p = s.ppid, hops = 0; p > 1 && hops < 20; p = byPid.get(p)?.ppid ?? 0, hops++) if (roots.has(p)) return true;
    return false;
  };
  const [webPid, workerPid] = pids;
  const own = (pid: number | undefined) => (pid !== undefined ? (byPid.get(pid)?.ownMs ?? 0) : 0);
  const descendants = all.filter(descendsFromRoot).reduce((sum, s) => sum + s.ownMs + s.reapedMs, 0);
  const service = all
    .filter((s) => services.names?.includes(s.comm) || services.pids?.includes(s.pid))
    .reduce((sum, s) => sum + s.ownMs, 0);
  const me = process.cpuUsage();
  return { web: own(webPid), worker: own(workerPid), descendants, services: service, bench: (me.user + me.system) / 1000 };
}

/** CPU ms per unit between two samples, and the cores of this machine for scale. */
export function cpuPerUnit(before: CpuSample, after: CpuSample, units: number): CpuSample & { total: number; cores: number } {
  const per = (k: keyof CpuSample) => Number(((after[k] - before[k]) / Math.max(units, 1)).toFixed(2));
  const r = { web: per('web'), worker: per('worker'), descendants: per('descendants'), services: per('services'), bench: per('bench') };
  return { ...r, total: Number((r.web + r.worker + r.descendants + r.services + r.bench).toFixed(2)), cores: cpus().length };
}
