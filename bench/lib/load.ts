/** A bounded closed-loop load generator: `connections` workers send requests for `seconds` to a loopback URL. */
export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

export async function load(
  send: () => Promise<Response>,
  {
    connections = 50,
    seconds = 5,
    warmupSeconds = 1,
  }: { connections?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadResult> {
  const run = async (durationMs: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + durationMs;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            const res = await send();
            await res.arrayBuffer();
            if (!res.ok) errors++;
          } catch {
            errors++;
          }
          if (record) latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, errors };
  };
  await run(warmupSeconds * 1000, false);
  const { latencies, errors } = await run(seconds * 1000, true);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

export function formatResult(name: string, r: LoadResult): string {
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   errors ${r.errors}`;
}
