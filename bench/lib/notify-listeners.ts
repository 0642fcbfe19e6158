// The listening side of bench/notify-cost.bench.ts, in a process of its own as an API process's is (so that
// handling the notifications does not slow the bench's writers' event loop): BENCH_LISTENERS connections on
// BENCH_LISTEN_DATABASE_URL, each the app's own change feed (db/changes.ts: LISTEN sinetti_changes, with its
// heartbeat) counting what it hears. Prints `{"ready":true,…}` once every one listens; on SIGTERM stops them and
// prints `{"heard":<notifications, all connections together>}`.
import { postgresChangeFeed } from '../../apps/server/src/db/changes.ts';

const url = process.env.BENCH_LISTEN_DATABASE_URL;
if (!url) throw new Error('Set BENCH_LISTEN_DATABASE_URL.');
const count = Number(process.env.BENCH_LISTENERS ?? 1);

let heard = 0;
let live = 0;
const feed = postgresChangeFeed(url);
const stops = await Promise.all(
  Array.from({ length: count }, () =>
    feed.listen({
      change: () => void heard++,
      live: (listening) => void (live += listening ? 1 : -1),
    }),
  ),
);
if (live !== count) throw new Error(`only ${live} of ${count} listeners connected`);

process.once('SIGTERM', () => {
  void Promise.all(stops.map((stop) => stop())).then(() => {
    console.log(JSON.stringify({ heard }));
    process.exit(0);
  });
});
// `port` only because the bench's process starter reads it from every ready line (bench-server.ts).
console.log(JSON.stringify({ ready: true, port: 0 }));
