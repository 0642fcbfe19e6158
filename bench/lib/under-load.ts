// One request at a fixed rate while a background of other requests runs at theirs, the background sent by a
// process of its own (bench/lib/background-load.ts) so that this process only sends and times the measured
// request: on one event loop, ~1,000 req/s of background would time its replies late.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { BackgroundPlan, BackgroundReport } from './background-load.ts';
import { startServerProcess, stopServerProcess } from './bench-server.ts';
import { loadAtRate, type LoadRequest, type LoadResult } from './load.ts';
import { watchLoopDelay } from './loop-delay.ts';
import { watchRunQueue, type RunQueueShares } from './run-queue.ts';

export interface UnderLoadResult {
  result: LoadResult;
  background: BackgroundReport;
  /** This (the measuring) process's event-loop delay p99 in ms while it timed `result`. */
  loopDelayP99: number;
  /** How the server's main thread (`serverPid`) was scheduled meanwhile; null when not asked or not known. */
  server: RunQueueShares | null;
}

/** Resolves with the background process's one report line; rejects if it ends without one. */
function reportOf(child: ChildProcess): Promise<BackgroundReport> {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('{"background"'))
        resolve((JSON.parse(line) as { background: BackgroundReport }).background);
    });
    child.once('close', (code) => reject(new Error(`background-load.ts ended with ${code} and no report`)));
  });
}

/**
 * `req` at `rate` for `seconds` (after a warm-up) while the background process sends `plan.requests`; with
 * `serverPid`, also how the server's main thread was scheduled while `req` was timed.
 */
export async function loadAtRateUnderLoad(
  req: LoadRequest,
  { rate, serverPid, ...plan }: BackgroundPlan & { rate: number; serverPid?: number },
): Promise<UnderLoadResult> {
  const { child } = await startServerProcess(path.join(import.meta.dirname, 'background-load.ts'), {
    BENCH_BACKGROUND: JSON.stringify(plan),
  });
  try {
    const report = reportOf(child);
    report.catch(() => undefined); // awaited below; a background that fails early must not end the bench first
    const stopWatching = watchLoopDelay();
    // From the end of the warm-up, as the latencies are.
    let stopWatchingServer: (() => RunQueueShares | null) | undefined;
    const warmedUp = setTimeout(() => {
      if (serverPid) stopWatchingServer = watchRunQueue(serverPid);
    }, plan.warmupSeconds * 1000);
    const result = await loadAtRate(req, { rate, seconds: plan.seconds, warmupSeconds: plan.warmupSeconds });
    clearTimeout(warmedUp);
    const server = stopWatchingServer?.() ?? null;
    const loopDelayP99 = stopWatching();
    return { result, background: await report, loopDelayP99, server };
  } finally {
    await stopServerProcess(child);
  }
}
