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

export interface UnderLoadResult {
  result: LoadResult;
  background: BackgroundReport;
  /** This (the measuring) process's event-loop delay p99 in ms while it timed `result`. */
  loopDelayP99: number;
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

/** `req` at `rate` for `seconds` (after a warm-up) while the background process sends `plan.requests`. */
export async function loadAtRateUnderLoad(
  req: LoadRequest,
  { rate, ...plan }: BackgroundPlan & { rate: number },
): Promise<UnderLoadResult> {
  const { child } = await startServerProcess(path.join(import.meta.dirname, 'background-load.ts'), {
    BENCH_BACKGROUND: JSON.stringify(plan),
  });
  try {
    const report = reportOf(child);
    report.catch(() => undefined); // awaited below; a background that fails early must not end the bench first
    const stopWatching = watchLoopDelay();
    const result = await loadAtRate(req, { rate, seconds: plan.seconds, warmupSeconds: plan.warmupSeconds });
    const loopDelayP99 = stopWatching();
    return { result, background: await report, loopDelayP99 };
  } finally {
    await stopServerProcess(child);
  }
}
