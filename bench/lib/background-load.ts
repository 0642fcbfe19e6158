// The background of bench/lib/documents-search-load.ts's latency under load, in a process of its own: ~1,000
// req/s of node:http requests cost this process most of a core, and on the measuring process's event loop they
// would delay the timing of the searches (a reply that arrived on time, timed late). Reads BENCH_BACKGROUND
// (JSON: BackgroundPlan), prints `{"ready":true,…}` as it starts sending, runs each request at its rate with
// load.ts's loadAtRate, and prints one JSON line `{"background":…}` (BackgroundReport) when done.
import { loadAtRate, type LoadRequest, type LoadResult } from './load.ts';
import { watchLoopDelay } from './loop-delay.ts';

export interface BackgroundPlan {
  requests: { req: LoadRequest; rate: number }[];
  seconds: number;
  warmupSeconds: number;
}

export interface BackgroundReport {
  results: LoadResult[];
  /** This process's event-loop delay p99 (ms) while it sent: whether it kept to its rates. */
  loopDelayP99: number;
}

const plan = JSON.parse(process.env.BENCH_BACKGROUND ?? 'null') as BackgroundPlan | null;
if (!plan) throw new Error('Set BENCH_BACKGROUND.');

const stopWatching = watchLoopDelay();
// `port` only because the bench's process starter reads it from every ready line (bench-server.ts).
console.log(JSON.stringify({ ready: true, port: 0 }));
const results = await Promise.all(
  plan.requests.map(({ req, rate }) =>
    loadAtRate(req, { rate, seconds: plan.seconds, warmupSeconds: plan.warmupSeconds }),
  ),
);
const report: BackgroundReport = { results, loopDelayP99: stopWatching() };
console.log(JSON.stringify({ background: report }));
