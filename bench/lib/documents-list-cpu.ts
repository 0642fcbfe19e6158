// Issue #32's folder list against /api/health on one server (PostgreSQL, BENCH_DATABASE_URL): requests per
// second and server CPU per request (API process plus its PostgreSQL backends), alternated over ROUNDS so
// that the shared machine's load hits both alike. Run: npx tsx bench/lib/documents-list-cpu.ts
// (LIST_DOCUMENTS documents, 100,000 by default; LIST_PROFILE_DIR writes the server's --cpu-prof there;
// LIST_QUERY is appended to the list's URL).
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, stopServerProcess } from './bench-server.ts';
import { cpuSeconds, measuredCpu } from './cpu.ts';
import { load } from './load.ts';
import { withScratchDatabase } from './scratch-database.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL.');
const documents = Number(process.env.LIST_DOCUMENTS ?? 100_000);
const rounds = Number(process.env.LIST_ROUNDS ?? 3);
const profileDir = process.env.LIST_PROFILE_DIR;
/** Appended to the list's URL, e.g. `?limit=5` to tell the per-row costs from the per-call ones. */
const listQuery = process.env.LIST_QUERY ?? '';
await withScratchDatabase(url, async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    const { child, ready } = await startServerProcess<{
      port: number;
      token: string;
      organizationId: string;
      folderId: string;
    }>(
      path.join(import.meta.dirname, 'documents-server.ts'),
      { BENCH_DOCUMENTS: String(documents), BENCH_SERVER_DATABASE_URL: databaseUrl },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    await client.connect();
    const headers = {
      'session-id': ready.token,
      'company-id': ready.organizationId,
      'application-id': 'Frontend',
    };
    const base = `http://127.0.0.1:${ready.port}`;
    try {
      for (let round = 0; round < rounds; round++) {
        const pid = child.pid ?? 0;
        const h = await measuredCpu(pid, client, () => load({ url: `${base}/api/health` }));
        const server0 = cpuSeconds(pid);
        const l = await measuredCpu(pid, client, () =>
          load({ url: `${base}/api/documents/list/${ready.folderId}${listQuery}`, headers }),
        );
        const serverMs = ((cpuSeconds(pid) - server0) * 1000) / Math.max(1, l.result.requests);
        console.log(
          `round ${round + 1}: health ${h.result.rps.toFixed(0)} req/s ${h.cpuMs.toFixed(3)} ms CPU; ` +
            `list ${l.result.rps.toFixed(0)} req/s ${l.cpuMs.toFixed(3)} ms CPU, of which the API process ${serverMs.toFixed(3)} ms (errors ${l.result.errors}); ` +
            `list ${(l.result.rps / h.result.rps).toFixed(2)} × health (req/s), ${(h.cpuMs / l.cpuMs).toFixed(2)} × (CPU); ` +
            `load ${os
              .loadavg()
              .map((x) => x.toFixed(2))
              .join(' ')}`,
        );
      }
    } finally {
      await stopServerProcess(child);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
});
