// Server CPU per request for the benchmarks: the API process's own CPU plus, on PostgreSQL, that of the bench
// database's backends (read from /proc: the database runs on this machine).
import fs from 'node:fs';
import type pg from 'pg';
import type { LoadResult } from './load.ts';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used, 0 when it is gone or not readable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** How often the database's backends are sampled during a measured load. */
const SAMPLE_MS = 200;

/**
 * A load with the CPU the server (and its PostgreSQL backends) spent per request. The backends are sampled
 * every SAMPLE_MS during the run, each counted from its first sample (or from zero if it started during the run)
 * to its last: a backend that ends during the run (the pool closes an idle connection) keeps what it had used
 * by its last sample, instead of taking all of its CPU out of the total (a negative figure), and loses at
 * most SAMPLE_MS of it.
 */
export async function measuredCpu(
  serverPid: number,
  client: pg.Client | null,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpuMs: number }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async (starting: boolean) => {
    if (!client) return;
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const used = cpuSeconds(pid);
      if (used === 0) continue;
      // Backends that came during the run started from zero: their whole CPU counts.
      if (!first.has(pid)) first.set(pid, starting ? used : 0);
      last.set(pid, used);
    }
  };
  await sample(true);
  const server0 = cpuSeconds(serverPid);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false)).catch(() => undefined);
  }, SAMPLE_MS);
  let result: LoadResult;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
    await sampling;
  }
  await sample(false);
  const server1 = cpuSeconds(serverPid);
  let backends = 0;
  for (const [pid, end] of last) backends += Math.max(0, end - (first.get(pid) ?? 0));
  return { result, cpuMs: ((server1 - server0 + backends) * 1000) / Math.max(1, result.requests) };
}
