// A bounded closed-loop load generator: `connections` workers send one request each, wait for the whole
// reply, and send the next, for `seconds` (after a warm-up). Built on node:http with keep-alive sockets
// rather than fetch: fetch's web streams cost about as much CPU per request as the server under test,
// and on a small machine the generator competes with the server for the same cores.
import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  /** Replies 503 (of the errors). */
  unavailable: number;
  rps: number;
  p50: number;
  p99: number;
}

export interface LoadRequest {
  /** Absolute URL on the server under test. */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (POST). */
  json?: unknown;
}

/** Sends one request and resolves with its status once the whole reply has arrived. */
function send(agent: http.Agent, target: URL, req: LoadRequest, body: Buffer | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method ?? (body ? 'POST' : 'GET'),
        headers: {
          ...req.headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(body ?? undefined);
  });
}

export async function load(
  req: LoadRequest,
  {
    connections = 50,
    seconds = 5,
    warmupSeconds = 1,
  }: { connections?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(req.url);
  const body = req.json === undefined ? null : Buffer.from(JSON.stringify(req.json));
  const run = async (durationMs: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    let unavailable = 0;
    const end = performance.now() + durationMs;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            const status = await send(agent, target, req, body);
            if (status < 200 || status >= 300) errors++;
            if (status === 503) unavailable++;
          } catch {
            errors++;
          }
          if (record) latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, errors, unavailable };
  };
  try {
    await run(warmupSeconds * 1000, false);
    const { latencies, errors, unavailable } = await run(seconds * 1000, true);
    return summarize(latencies, errors, unavailable, seconds);
  } finally {
    agent.destroy();
  }
}

/**
 * An open-loop load at a fixed arrival rate (the way wrk2 and k6's constant-arrival-rate measure latency):
 * a request is sent every 1/`rate` s whether or not earlier ones have answered, and each latency counts from
 * the moment its request was due, not from when it went out (coordinated omission: a closed loop stops
 * sending while the server stalls and so never records the wait its callers would have had). A closed loop
 * of `connections` on a saturated server measures throughput (its latency is connections / req/s); this
 * measures how long a call takes while the server carries a given load.
 */
export async function loadAtRate(
  req: LoadRequest,
  { rate, seconds = 5, warmupSeconds = 1 }: { rate: number; seconds?: number; warmupSeconds?: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(req.url);
  const body = req.json === undefined ? null : Buffer.from(JSON.stringify(req.json));
  const latencies: number[] = [];
  let errors = 0;
  let unavailable = 0;
  const interval = 1000 / rate;
  const start = performance.now();
  const recordFrom = start + warmupSeconds * 1000;
  const end = recordFrom + seconds * 1000;
  const pending: Promise<void>[] = [];
  try {
    for (let due = start; due < end; due += interval) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const record = due >= recordFrom;
      pending.push(
        send(agent, target, req, body).then(
          (status) => {
            if (!record) return;
            if (status < 200 || status >= 300) errors++;
            if (status === 503) unavailable++;
            latencies.push(performance.now() - due);
          },
          () => {
            if (record) errors++;
          },
        ),
      );
    }
    await Promise.all(pending);
  } finally {
    agent.destroy();
  }
  return summarize(latencies, errors, unavailable, seconds);
}

/** Requests per second and p50/p99 (ms) of one measured run's latencies (sorted in place). */
export function summarize(
  latencies: number[],
  errors: number,
  unavailable: number,
  seconds: number,
): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    unavailable,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

export function formatResult(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   errors ${r.errors}`;
}
