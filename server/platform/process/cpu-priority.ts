import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers this process's CPU priority to `niceness` (never raises it; that needs privileges).
 *
 * A worker process runs what can wait a few seconds (mails, settlement, the outbox): where it
 * shares cores with web processes, as on a small single machine, it should not take CPU from the
 * requests people wait for. Under a burst of orders the web processes keep answering at full speed
 * and the worker catches up afterwards; the outbox and the queues make the delay safe (nothing is
 * lost, only later). On Linux a nice value belongs to each thread, so every thread of the process
 * (V8's and libuv's) is set; threads started later inherit it.
 *
 * Answers the niceness now in force, or null where it could not be read or set.
 */
export function lowerCpuPriority(niceness: number): number | null {
  if (niceness <= 0) return null;
  try {
    const threads = process.platform === 'linux' ? readdirSync('/proc/self/task').map(Number) : [process.pid];
    for (const tid of threads) {
      try {
        if (getPriority(tid) < niceness) setPriority(tid, niceness);
      } catch {
        // a thread that ended meanwhile
      }
    }
    return getPriority(process.pid);
  } catch {
    return null;
  }
}
