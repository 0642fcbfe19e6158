import type { AppContext } from '../../http/context.ts';
import { renewLease, type JobRow } from './store.ts';

/**
 * Renews a running job's lease every `everyMs` so that no other worker takes it over; `lost` is called
 * when a renewal finds the lease gone (another worker took it: the run must be abandoned). One renewal at
 * a time: a beat while the last one still waits for a slow database is skipped.
 *
 * Returns stop(): no renewal after it, and the one in flight awaited. Call it before the run's outcome is
 * written: a late renewal holds the job's row lock for a moment, so a claim right after the run
 * (SKIP LOCKED) would pass the job over (seen on PostgreSQL under load), and one during the write would
 * find the lease gone and report it lost.
 */
export function leaseHeartbeat(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  row: JobRow,
  everyMs: number,
  lost: () => void,
): () => Promise<void> {
  let stopped = false;
  let renewing: Promise<void> | null = null;
  const beat = setInterval(() => {
    if (renewing) return;
    renewing = renewLease(ctx.db, row, ctx.clock.now())
      .then(
        (held) => {
          if (!held && !stopped) lost();
        },
        () => undefined, // database unreachable: the next beat tries again
      )
      .finally(() => {
        renewing = null;
      });
  }, everyMs);
  beat.unref();
  return async () => {
    stopped = true;
    clearInterval(beat);
    await renewing;
  };
}
