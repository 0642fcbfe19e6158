import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** Worker ids of the runners alive in this process (a process may run several, e.g. in tests). */
const live = new Set<string>();

/** A new worker id, `<host>:<pid>:<random>`: stored in `jobs.locked_by` while the worker holds a job. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function markAlive(workerId: string): void {
  live.add(workerId);
}

export function markStopped(workerId: string): void {
  live.delete(workerId);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Which holders of running jobs are certainly dead when a worker starts:
 * - `embedded` (PGlite): the data directory is locked to this one process, so every holder that is not a
 *   runner of this process belongs to a process that is gone;
 * - PostgreSQL: a holder on this host whose process no longer runs, or that had this very pid before (a
 *   restarted container gets the same pid). Holders elsewhere are reclaimed when their lease runs out.
 */
export function deadOwnerTest(embedded: boolean): (lockedBy: string) => boolean {
  const host = os.hostname();
  return (lockedBy) => {
    if (live.has(lockedBy)) return false;
    if (embedded) return true;
    const parts = lockedBy.split(':');
    if (parts.length < 3) return false;
    const pid = Number(parts[parts.length - 2]);
    if (parts.slice(0, -2).join(':') !== host || !Number.isInteger(pid)) return false;
    return pid === process.pid || !processAlive(pid);
  };
}
