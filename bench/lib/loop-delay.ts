// How late this process's event loop ran its callbacks while a measurement ran: a bench that times replies on a
// busy loop records them late, so the benchmarks print this next to latencies that are meant to be the server's.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The histogram's samples are whole intervals of its timer: the delay is what exceeds the interval. */
const RESOLUTION_MS = 1;

/** Starts watching the event loop; the function returned stops and gives the delay's p99 in ms. */
export function watchLoopDelay(): () => number {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return () => {
    histogram.disable();
    return Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS);
  };
}
