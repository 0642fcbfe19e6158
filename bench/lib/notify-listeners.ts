// The relaying and listening side of bench/notify-cost.bench.ts, in a process of its own as an API process's is
// (so that relaying and handling the notifications do not slow the bench's writers' event loop): the app's
// database opened on BENCH_LISTEN_DATABASE_URL, whose pool drains the outbox every 5 s (migration 0045,
// db/changes.ts startOutboxDrain), and BENCH_LISTENERS (0 or more) connections, each the app's own change feed
// (LISTEN sinetti_changes, with its heartbeat, relaying the outbox every 100 ms) noting when (Date.now()) it heard
// each tag. Prints
// `{"ready":true,…}` once every one listens; on SIGTERM stops the listeners, closes the database (which stops the
// drain) and prints `{"heard":[{<tag>:[<times>]}, … one per listener]}`.
import { openDatabase } from '../../apps/server/src/db/client.ts';

const url = process.env.BENCH_LISTEN_DATABASE_URL;
if (!url) throw new Error('Set BENCH_LISTEN_DATABASE_URL.');
const count = Number(process.env.BENCH_LISTENERS ?? 1);

// The drain needs one pooled connection; the migrations are already applied.
const database = await openDatabase({ databaseUrl: url, poolSize: 2, statementTimeoutMs: 0 });
const heard = Array.from({ length: count }, () => new Map<string, number[]>());
let live = 0;
const stops = await Promise.all(
  heard.map((times) =>
    database.changes.listen({
      change: (tag) => {
        const list = times.get(tag);
        if (list) list.push(Date.now());
        else times.set(tag, [Date.now()]);
      },
      live: (listening) => void (live += listening ? 1 : -1),
    }),
  ),
);
if (live !== count) throw new Error(`only ${live} of ${count} listeners connected`);

process.once('SIGTERM', () => {
  void Promise.all(stops.map((stop) => stop()))
    .then(() => database.close())
    .then(() => {
      console.log(JSON.stringify({ heard: heard.map((times) => Object.fromEntries(times)) }));
      process.exit(0);
    });
});
// `port` only because the bench's process starter reads it from every ready line (bench-server.ts).
console.log(JSON.stringify({ ready: true, port: 0 }));
