// What the reply cache's change notifications (migration 0044: row triggers that pg_notify('sinetti_changes',
// 'o:<organization>') on every change) cost writes on PostgreSQL (issue #32): a notifying commit takes a lock
// that serializes such commits across the cluster. Short write transactions (a document renamed; 50 documents
// of one organization renamed in one statement) at 1, 10 and 50 concurrent clients, in four variants
// alternated round by round so that the machine's noise hits them alike:
//   A  the notifying triggers disabled,
//   B  enabled, nobody listening,
//   C1 enabled, one connection listening (the app's own change feed, in a process of its own),
//   C4 enabled, four listening.
// Transactions/s and p50/p99 latency pooled over the rounds, the database backends' CPU per transaction, and
// B/A, C1/A, C4/A. PostgreSQL only (BENCH_DATABASE_URL). ROUNDS (3) and SECONDS (3 per round and variant)
// change the length; DOCUMENTS (20,000) is spread over 10 organizations.
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { benchAccount } from './lib/bench-account.ts';
import { startServerProcess, stopServerProcess } from './lib/bench-server.ts';
import { measuredCpu } from './lib/cpu.ts';
import { summarize, type LoadResult } from './lib/load.ts';
import {
  notifyTriggers,
  seedOrganizations,
  setNotifyTriggers,
  writeLoad,
  type SeededOrganizations,
  type Write,
} from './lib/notify-writes.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 3);
const WARMUP_SECONDS = 1;
const ORGANIZATIONS = 10;
const DOCUMENTS = Number(process.env.DOCUMENTS ?? 20_000);
const CLIENTS = [1, 10, 50];
const WRITES: Write[] = ['one row', '50 rows'];
/** No API process here: pid 0 has no /proc entry, so measuredCpu counts the database's backends only. */
const NO_SERVER_PROCESS = 0;

const VARIANTS = [
  { key: 'A', label: 'triggers disabled', triggers: false, listeners: 0 },
  { key: 'B', label: 'triggers, nobody listening', triggers: true, listeners: 0 },
  { key: 'C1', label: 'triggers, 1 listener', triggers: true, listeners: 1 },
  { key: 'C4', label: 'triggers, 4 listeners', triggers: true, listeners: 4 },
] as const;
type Variant = (typeof VARIANTS)[number];

interface Measured {
  rounds: LoadResult[];
  latencies: number[];
  errors: number;
  errorCodes: Set<string>;
  cpuSeconds: number;
  /** Notifications the listeners heard per committed transaction and listener (C only). */
  heardPerCommit: number[];
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Starts `count` listening connections in a process of their own; the returned function stops them. */
async function startListeners(databaseUrl: string, count: number): Promise<() => Promise<number>> {
  const { child } = await startServerProcess(path.join(import.meta.dirname, 'lib/notify-listeners.ts'), {
    BENCH_LISTEN_DATABASE_URL: databaseUrl,
    BENCH_LISTENERS: String(count),
  });
  let heard = 0;
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (line.startsWith('{"heard"')) heard = (JSON.parse(line) as { heard: number }).heard;
  });
  return async () => {
    // What was committed last is delivered a moment later.
    await new Promise((r) => setTimeout(r, 300));
    await stopServerProcess(child);
    return heard;
  };
}

/** One round of one variant: triggers set, listeners started, the load measured, everything put back. */
async function measureOnce(
  admin: pg.Client,
  databaseUrl: string,
  triggers: { table: string; trigger: string }[],
  variant: Variant,
  run: () => ReturnType<typeof writeLoad>,
  into: Measured,
): Promise<void> {
  if (!variant.triggers) await setNotifyTriggers(admin, triggers, false);
  const stopListeners = variant.listeners ? await startListeners(databaseUrl, variant.listeners) : null;
  try {
    let committed = 0;
    const { result, cpuMs } = await measuredCpu(NO_SERVER_PROCESS, admin, async () => {
      const w = await run();
      committed = w.committed;
      into.latencies.push(...w.latencies);
      into.errors += w.errors;
      for (const code of w.errorCodes) into.errorCodes.add(code);
      return summarize(w.latencies, w.errors, 0, SECONDS);
    });
    into.rounds.push(result);
    into.cpuSeconds += (cpuMs * result.requests) / 1000;
    const heard = (await stopListeners?.()) ?? 0;
    if (variant.listeners) into.heardPerCommit.push(heard / variant.listeners / Math.max(1, committed));
  } finally {
    if (!variant.triggers) await setNotifyTriggers(admin, triggers, true);
  }
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0).toFixed(2);
const range = (values: number[]) =>
  values.length ? `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}` : '–';

function printCell(results: Map<Variant, Measured>): string[] {
  const pooled = new Map(
    [...results].map(([v, m]) => [v, summarize(m.latencies, m.errors, 0, SECONDS * m.rounds.length)]),
  );
  for (const [v, m] of results) {
    const r = pooled.get(v) as LoadResult;
    const heard = m.heardPerCommit.length
      ? `   heard ${range(m.heardPerCommit)} per commit and listener`
      : '';
    console.log(
      `  ${v.key.padEnd(2)} ${v.label.padEnd(27)} ${r.rps.toFixed(0).padStart(6)} tx/s   p50 ${r.p50
        .toFixed(2)
        .padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   CPU ${(
        (m.cpuSeconds * 1000) /
        Math.max(1, r.requests)
      )
        .toFixed(3)
        .padStart(
          6,
        )} ms/tx   errors ${r.errors}${m.errorCodes.size ? ` (${[...m.errorCodes].join(', ')})` : ''}   rounds ${m.rounds.map((x) => x.rps.toFixed(0)).join(' ')}${heard}`,
    );
  }
  const a = results.get(VARIANTS[0]) as Measured;
  const base = pooled.get(VARIANTS[0]) as LoadResult;
  const ratios = VARIANTS.slice(1).map((v) => {
    const m = results.get(v) as Measured;
    const r = pooled.get(v) as LoadResult;
    const perRound = m.rounds.map((x, i) => x.rps / Math.max(1, a.rounds[i]?.rps ?? 0));
    return `${v.key}/A tx/s ${ratio(r.rps, base.rps)} (rounds ${range(perRound)}), p99 ${ratio(r.p99, base.p99)}`;
  });
  console.log(`  ${ratios.join(';  ')}`);
  return VARIANTS.slice(1).map((v) => {
    const r = pooled.get(v) as LoadResult;
    return `${ratio(r.rps, base.rps)} / ${ratio(r.p99, base.p99)}`;
  });
}

async function bench(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, statementTimeoutMs: 0 }); // migrates
  const { accountId } = await benchAccount(database.db);
  await database.close();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const started = performance.now();
    const seeded: SeededOrganizations = await seedOrganizations(
      admin,
      accountId,
      ORGANIZATIONS,
      Math.round(DOCUMENTS / ORGANIZATIONS),
    );
    const triggers = await notifyTriggers(admin);
    const version = (await admin.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]?.v;
    console.log(
      `\nPostgreSQL ${version}: ${DOCUMENTS} documents in ${ORGANIZATIONS} organizations seeded in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; A disables all ${triggers.length} notifying ` +
        `triggers. ${ROUNDS} rounds × ${SECONDS} s (+${WARMUP_SECONDS} s warm-up) per variant, alternated ` +
        `${VARIANTS.map((v) => v.key).join(' ')}; CPU is the database backends' (writers' and listeners'). ` +
        `Load average ${loadAverage()}`,
    );
    const summary: string[] = [];
    for (const write of WRITES) {
      for (const clients of CLIENTS) {
        const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
        const results = new Map<Variant, Measured>(
          VARIANTS.map((v) => [
            v,
            {
              rounds: [],
              latencies: [],
              errors: 0,
              errorCodes: new Set(),
              cpuSeconds: 0,
              heardPerCommit: [],
            },
          ]),
        );
        try {
          for (let round = 0; round < ROUNDS; round++) {
            for (const v of VARIANTS) {
              const run = () =>
                writeLoad(pool, write, seeded, { clients, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
              await measureOnce(admin, databaseUrl, triggers, v, run, results.get(v) as Measured);
            }
          }
        } finally {
          await pool.end();
        }
        console.log(
          `\n${write === 'one row' ? 'A document renamed' : '50 documents of one organization renamed'}` +
            `, ${clients} client${clients > 1 ? 's' : ''} (load average ${loadAverage()})`,
        );
        summary.push(`| ${write} | ${clients} | ${printCell(results).join(' | ')} |`);
      }
    }
    console.log('\nThroughput / p99 against A (pooled over the rounds):\n');
    console.log('| Transaction | Clients | B/A | C1/A | C4/A |\n|---|---:|---:|---:|---:|');
    for (const line of summary) console.log(line);
    console.log(`\nload average after: ${loadAverage()}`);
  } finally {
    await admin.end();
  }
}

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await withScratchDatabase(url, bench);
} else {
  console.log('notify-cost measures PostgreSQL only: set BENCH_DATABASE_URL (skipped).');
}
