// Issue #32 items 1 and 4, for bench/documents.bench.ts: the dashboard stats under load (req/s and server CPU
// per request against /api/health) and a role given to and taken from a folder of about 500 documents
// (seconds, rows of documents rewritten, table size before and after). The server's CPU is its own process
// plus, on PostgreSQL on this machine, the backends of the bench database (from /proc).
import pg from 'pg';
import { measuredCpu } from './cpu.ts';
import { formatResult, load } from './load.ts';

export interface CountsRolesInput {
  base: string;
  headers: Record<string, string>;
  serverPid: number;
  /** The bench database on PostgreSQL; undefined on the embedded database. */
  databaseUrl: string | undefined;
  folderId: string;
  organizationId: string;
}

/** Rounds of health and stats loads (alternated). */
const ROUNDS = 3;

async function tableSize(client: pg.Client | null): Promise<string> {
  if (!client) return 'n/a (embedded)';
  const { rows } = await client.query<{ heap: string; total: string }>(
    `select pg_size_pretty(pg_relation_size('documents')) as heap,
            pg_size_pretty(pg_total_relation_size('documents')) as total`,
  );
  return `${rows[0]?.heap} heap, ${rows[0]?.total} with indexes`;
}

/** The next transaction id (32 bits, as row versions' xmin hold it): rows written later have one at least this. */
async function nextXid(client: pg.Client | null): Promise<number | null> {
  if (!client) return null;
  const { rows } = await client.query<{ x: string }>(`select (txid_current() % 4294967296)::text as x`);
  return Number(rows[0]?.x ?? 0) + 1;
}

/** Rows of documents written (inserted or updated) since the transaction id `since` (no wraparound in a bench). */
async function documentsWrittenSince(client: pg.Client | null, since: number | null): Promise<number | null> {
  if (!client || since === null) return null;
  const { rows } = await client.query<{ n: string }>(
    `select count(*)::text as n from documents where xmin::text::bigint >= $1`,
    [since],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The stats query's plan and time on PostgreSQL (EXPLAIN ANALYZE), as the owner asks it. */
async function explainStats(client: pg.Client | null, organizationId: string): Promise<string> {
  if (!client) return '';
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) select state, sum(n) from document_counts
     where organization_id = $1 and day >= (now() - interval '30 days')::date and state in (1, 20, 30, 40)
     group by state`,
    [organizationId],
  );
  const lines = rows.map((r) => r['QUERY PLAN']);
  const scan = lines.find((l) => /Scan/.test(l))?.trim() ?? '';
  const time = lines.find((l) => l.startsWith('Execution Time'))?.trim() ?? '';
  const counters = await client.query<{ n: string }>(
    'select count(*)::text as n from document_counts where organization_id = $1',
    [organizationId],
  );
  return `stats query: ${time}; ${scan}; counter rows of the organization: ${counters.rows[0]?.n}`;
}

export async function countsAndRoles(input: CountsRolesInput): Promise<void> {
  const { base, headers } = input;
  const client = input.databaseUrl ? new pg.Client({ connectionString: input.databaseUrl }) : null;
  await client?.connect();
  try {
    // Dashboard stats against health, both with their server CPU per request, alternated ROUNDS times:
    // other work on a shared machine disturbs both alike within a round; the median round is printed.
    const rounds: { rps: number; cpu: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const health = await measuredCpu(input.serverPid, client, () => load({ url: `${base}/api/health` }));
      const stats = await measuredCpu(input.serverPid, client, () =>
        load({ url: `${base}/api/documents/stats`, headers }),
      );
      console.log(
        `${formatResult('GET /api/health', health.result)}   CPU ${health.cpuMs.toFixed(2)} ms/req`,
      );
      console.log(
        `${formatResult('dashboard stats', stats.result)}   ${(stats.result.rps / health.result.rps).toFixed(2)} × health req/s, ` +
          `${(health.cpuMs / Math.max(1e-9, stats.cpuMs)).toFixed(2)} × health (CPU), ` +
          `CPU ${stats.cpuMs.toFixed(2)} ms/req, ${stats.result.errors} errors`,
      );
      rounds.push({
        rps: stats.result.rps / health.result.rps,
        cpu: health.cpuMs / Math.max(1e-9, stats.cpuMs),
      });
    }
    const medianRps = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)]?.rps ?? 0;
    const medianCpu = [...rounds].sort((a, b) => a.cpu - b.cpu)[Math.floor(ROUNDS / 2)]?.cpu ?? 0;
    console.log(
      `dashboard stats, median of ${ROUNDS} rounds: ${medianRps.toFixed(2)} × health req/s, ${medianCpu.toFixed(2)} × health (CPU)`,
    );

    const explained = await explainStats(client, input.organizationId);
    if (explained) console.log(explained);

    // A role given to the folder (about 500 documents) and taken away again.
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const inFolder = client
      ? (
          await client.query<{ n: string }>(
            'select count(*)::text as n from documents where parent_id = $1 and state < 100',
            [input.folderId],
          )
        ).rows[0]?.n
      : undefined;
    const added = (await (
      await post('/api/privileges/role-add', { name: `Bench role ${Date.now()}` })
    ).json()) as { roleId?: string; message?: string };
    if (!added.roleId) throw new Error(`role-add failed: ${added.message}`);
    const sizeBefore = await tableSize(client);
    const xidBefore = await nextXid(client);
    const timed = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      await res.arrayBuffer();
      return { status: res.status, seconds: (performance.now() - t0) / 1000 };
    };
    const give = await timed(`/api/privileges/document-role/${input.folderId}/${added.roleId}`);
    const take = await timed(`/api/privileges/document-delete/${input.folderId}/${added.roleId}`);
    const written = await documentsWrittenSince(client, xidBefore);
    const sizeAfter = await tableSize(client);
    const rewritten = written === null ? 'n/a' : String(written);
    console.log(
      `role change of a folder of ${inFolder ?? 'about 500'} documents: given in ${give.seconds.toFixed(3)} s (HTTP ${give.status}), ` +
        `taken in ${take.seconds.toFixed(3)} s (HTTP ${take.status}); rows of documents written by both: ${rewritten}`,
    );
    console.log(`documents table before: ${sizeBefore}; after: ${sizeAfter}`);
    console.log(
      `goals: stats ≥ 0.3 × health: ${medianRps.toFixed(2)} (req/s, median round); ` +
        `role change ≤ 5 s: ${Math.max(give.seconds, take.seconds).toFixed(3)} s`,
    );
  } finally {
    await client?.end();
  }
}
