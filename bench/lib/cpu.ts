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

/** A load with the CPU the server (and its PostgreSQL backends) spent per request, sampled before and after. */
export async function measuredCpu(
  serverPid: number,
  client: pg.Client | null,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpuMs: number }> {
  const backends = async () =>
    client
      ? (
          await client.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid)
      : [];
  const total = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = await backends();
  const cpu0 = cpuSeconds(serverPid) + total(before);
  const result = await run();
  // Backends that came during the run started from zero: their whole CPU counts.
  const after = [...new Set([...before, ...(await backends())])];
  const cpu1 = cpuSeconds(serverPid) + total(after);
  return { result, cpuMs: ((cpu1 - cpu0) * 1000) / Math.max(1, result.requests) };
}
