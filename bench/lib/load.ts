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
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return {
      requests: latencies.length,
      errors,
      unavailable,
      rps: latencies.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
    };
  } finally {
    agent.destroy();
  }
}

export function formatResult(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   errors ${r.errors}`;
}
