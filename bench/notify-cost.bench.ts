// What the reply cache's change triggers cost writes on PostgreSQL (issue #32). Migration 0044's triggers called
// pg_notify in the writing transaction, and a notifying commit takes a lock that serializes such commits across
// the cluster; since migration 0045 they note each changed organization once per transaction in the unlogged
// table change_outbox, which each listening connection relays every 100 ms and each process's pool drains every
// 5 s (db/changes.ts). Short
// write transactions (a document renamed; 50 documents of one organization renamed in one statement) at 1, 10
// and 50 concurrent clients, in five variants alternated round by round so that the machine's noise hits them
// alike:
//   A  the change triggers disabled,
//   N  enabled, the writers' connections set sinetti.change_delivery = 'notify' (0044's notify-in-transaction),
//      nobody listening,
//   B  enabled (the outbox), an openDatabase kept open in a process of its own (its pool drains the outbox every
//      5 s), nobody listening,
//   C1 as B, with one of the app's change feeds listening in that process,
//   C4 as B, with four.
// Transactions/s and p50/p99 latency pooled over the rounds, the database backends' CPU per transaction, and
// N/A, B/A, C1/A, C4/A. Checks each round that every listener heard of every organization written, at or after
// its last committed write was sent and at the latest 1 s after the round (missing: must be 0), and prints the
// outbox's rows after each variant (0 with listeners; B may keep up to 5 s of rows, the pool's drain interval). PostgreSQL only (BENCH_DATABASE_URL). ROUNDS (3) and SECONDS (3 per round
// and variant) change the length; DOCUMENTS (20,000) is spread over 10 organizations.
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
  type WriteRun,
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
/** How long after a round its last change may reach the listeners (they relay every 100 ms). */
const HEARD_WITHIN_MS = 1000;
/** The writers' connections of N: the triggers notify in the writing transaction, as migration 0044's did. */
const NOTIFY_IN_TRANSACTION = '-c sinetti.change_delivery=notify';

const VARIANTS = [
  { key: 'A', label: 'triggers disabled', triggers: false, notify: false, relay: false, listeners: 0 },
  { key: 'N', label: 'notify in transaction', triggers: true, notify: true, relay: false, listeners: 0 },
  { key: 'B', label: 'outbox, relay, no listener', triggers: true, notify: false, relay: true, listeners: 0 },
  { key: 'C1', label: 'outbox, relay, 1 listener', triggers: true, notify: false, relay: true, listeners: 1 },
  {
    key: 'C4',
    label: 'outbox, relay, 4 listeners',
    triggers: true,
    notify: false,
    relay: true,
    listeners: 4,
  },
] as const;
type Variant = (typeof VARIANTS)[number];

interface Measured {
  rounds: LoadResult[];
  latencies: number[];
  errors: number;
  errorCodes: Set<string>;
  cpuSeconds: number;
  /** Each organization a listener did not hear of in time (C only), as `round <r> listener <l> o:<id>`. */
  missing: string[];
  /** The outbox's rows after each round, once the relay (if any) has stopped. */
  outboxAfter: number[];
}

type Heard = Record<string, number[]>[];

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Starts the outbox's relay and `count` listening connections in a process of their own. The returned function
 * waits until `until` (Date.now()), stops them and resolves with when each listener heard each tag.
 */
async function startRelay(databaseUrl: string, count: number): Promise<(until: number) => Promise<Heard>> {
  const { child } = await startServerProcess(path.join(import.meta.dirname, 'lib/notify-listeners.ts'), {
    BENCH_LISTEN_DATABASE_URL: databaseUrl,
    BENCH_LISTENERS: String(count),
  });
  let heard: Heard = [];
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (line.startsWith('{"heard"')) heard = (JSON.parse(line) as { heard: Heard }).heard;
  });
  return async (until) => {
    await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())));
    await stopServerProcess(child);
    return heard;
  };
}

/** The organizations written that a listener did not hear of after their last write was sent and by `until`. */
function missingHeard(written: WriteRun, heard: Heard, until: number, round: number): string[] {
  return heard.flatMap((times, listener) =>
    [...written.lastWriteSent]
      .filter(([id, sent]) => !times[`o:${id}`]?.some((t) => t >= sent && t <= until))
      .map(([id]) => `round ${round + 1} listener ${listener + 1} o:${id}`),
  );
}

/** One round of one variant: triggers set, listeners started, the load measured, everything put back. */
async function measureOnce(
  admin: pg.Client,
  databaseUrl: string,
  triggers: { table: string; trigger: string }[],
  variant: Variant,
  round: number,
  run: () => ReturnType<typeof writeLoad>,
  into: Measured,
): Promise<void> {
  if (!variant.triggers) await setNotifyTriggers(admin, triggers, false);
  const stopRelay = variant.relay ? await startRelay(databaseUrl, variant.listeners) : null;
  try {
    let written: WriteRun | undefined;
    const { result, cpuMs } = await measuredCpu(NO_SERVER_PROCESS, admin, async () => {
      const w = await run();
      written = w;
      into.latencies.push(...w.latencies);
      into.errors += w.errors;
      for (const code of w.errorCodes) into.errorCodes.add(code);
      return summarize(w.latencies, w.errors, 0, SECONDS);
    });
    into.rounds.push(result);
    into.cpuSeconds += (cpuMs * result.requests) / 1000;
    if (stopRelay && written) {
      const until = written.endedAt + HEARD_WITHIN_MS;
      into.missing.push(...missingHeard(written, await stopRelay(until), until, round));
    }
    const outbox = await admin.query<{ n: number }>('select count(*)::int as n from change_outbox');
    into.outboxAfter.push(outbox.rows[0]?.n ?? -1);
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
    const heard = `${v.listeners ? `   missing ${m.missing.length}` : ''}   outbox after ${m.outboxAfter.join(' ')}`;
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
    for (const missed of m.missing) console.log(`     not heard in time: ${missed}`);
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
    // What the seed noted, which no relay took (none runs until B): each variant starts from an empty outbox.
    await admin.query('delete from change_outbox');
    const triggers = await notifyTriggers(admin);
    const version = (await admin.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]?.v;
    console.log(
      `\nPostgreSQL ${version}: ${DOCUMENTS} documents in ${ORGANIZATIONS} organizations seeded in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; A disables all ${triggers.length} change ` +
        `triggers; B and C run one relay in a process of their own (with C's listeners). ${ROUNDS} rounds × ${SECONDS} s (+${WARMUP_SECONDS} s warm-up) per variant, alternated ` +
        `${VARIANTS.map((v) => v.key).join(' ')}; CPU is the database backends' (writers', relay's, listeners'). ` +
        `Load average ${loadAverage()}`,
    );
    const summary: string[] = [];
    for (const write of WRITES) {
      for (const clients of CLIENTS) {
        const results = new Map<Variant, Measured>(
          VARIANTS.map((v) => [
            v,
            {
              rounds: [],
              latencies: [],
              errors: 0,
              errorCodes: new Set(),
              cpuSeconds: 0,
              missing: [],
              outboxAfter: [],
            },
          ]),
        );
        for (let round = 0; round < ROUNDS; round++) {
          for (const v of VARIANTS) {
            // A pool of its own per round, so that N's connections, which notify, are not left open
            // beside the others (100 connections at 50 clients: PostgreSQL's limit); they connect in the warm-up.
            const pool = new pg.Pool({
              connectionString: databaseUrl,
              max: clients,
              ...(v.notify ? { options: NOTIFY_IN_TRANSACTION } : {}),
            });
            const run = () =>
              writeLoad(pool, write, seeded, { clients, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
            try {
              await measureOnce(admin, databaseUrl, triggers, v, round, run, results.get(v) as Measured);
            } finally {
              await pool.end();
            }
          }
        }
        console.log(
          `\n${write === 'one row' ? 'A document renamed' : '50 documents of one organization renamed'}` +
            `, ${clients} client${clients > 1 ? 's' : ''} (load average ${loadAverage()})`,
        );
        summary.push(`| ${write} | ${clients} | ${printCell(results).join(' | ')} |`);
      }
    }
    console.log('\nThroughput / p99 against A (pooled over the rounds):\n');
    console.log('| Transaction | Clients | N/A | B/A | C1/A | C4/A |\n|---|---:|---:|---:|---:|---:|');
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
