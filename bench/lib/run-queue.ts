// How long the server's main thread waited for a CPU while it had work to do, from the Linux scheduler's own
// figures (/proc/<pid>/task/<pid>/schedstat: time on a CPU and time runnable in a run queue, in ns). On a
// 2-core machine the load generators, the database's backends and the server share the cores: a latency the
// server's own work does not explain is often this wait, and the benchmarks print it beside the latencies.
import fs from 'node:fs';

interface Scheduled {
  ranMs: number;
  waitedMs: number;
}

function scheduled(pid: number): Scheduled | null {
  try {
    const [ran, waited] = fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/);
    return { ranMs: Number(ran) / 1e6, waitedMs: Number(waited) / 1e6 };
  } catch {
    return null;
  }
}

/** The shares of the watched time the main thread spent on a CPU and waiting for one. */
export interface RunQueueShares {
  ran: number;
  waited: number;
}

/**
 * Starts watching `pid`'s main thread; the function returned stops and gives its shares of the time since
 * (null where /proc has no schedstat: not Linux, or the process is gone).
 */
export function watchRunQueue(pid: number): () => RunQueueShares | null {
  const start = scheduled(pid);
  const startedAt = performance.now();
  return () => {
    const end = scheduled(pid);
    const elapsedMs = performance.now() - startedAt;
    if (!start || !end || elapsedMs <= 0) return null;
    return {
      ran: (end.ranMs - start.ranMs) / elapsedMs,
      waited: (end.waitedMs - start.waitedMs) / elapsedMs,
    };
  };
}

/** "server's main thread ran 30 % of the time, waited for a CPU 29 %", or "" without figures. */
export function formatRunQueue(shares: RunQueueShares | null): string {
  if (!shares) return '';
  const pct = (share: number) => `${Math.round(share * 100)} %`;
  return `server's main thread ran ${pct(shares.ran)} of the time, waited for a CPU ${pct(shares.waited)}`;
}
