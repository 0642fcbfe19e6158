// Noisy neighbour, verify variant (issue #30 item 6): p99 of one organization's document list and of its
// send's PDF preparation (prepareSignable on the signing workers) on a quiet server, and again while anonymous
// callers flood POST /api/verify from ever new addresses (so that only the instance-wide caps and the
// anonymous lane hold them): half post 16 MiB bodies that start like a PDF, half a legal 300,000-object PDF,
// as in the issue. Also the API process's RSS growth. Goal: both p99s within 2x of the quiet ones.
import { fork } from 'node:child_process';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { createSession } from '../apps/server/src/commands/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { pdfWorkers, prepareSignable } from '../apps/server/src/services/pdf/index.ts';
import { benchAccount } from './lib/bench-account.ts';
import { formatResult, load } from './lib/load.ts';
import { textPdf } from './lib/pdf.ts';

const GOAL_FACTOR = 2;
const MiB = 1024 * 1024;
const database = await openDatabase({ dataDir: 'memory://' });
const quiet = await benchAccount(database.db);
const { token } = await createSession(database.db, systemClock, {
  accountId: quiet.accountId,
  selectedOrganizationId: quiet.organizationId,
  ip: null,
  userAgent: 'bench',
});
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    JOBS_WORKER: 'false',
    // Each flood request names a new address (X-Forwarded-For): the per-address limits never hold it.
    TRUST_PROXY: 'true',
  }),
  validateReplies: false,
};
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const signing = pdfWorkers(config.signing.pdf);
signing.warm();
pdfWorkers(config.anonymous.verify.pool).warm();

const list = {
  url: `http://127.0.0.1:${port}/api/documents/list`,
  headers: { 'session-id': token, 'company-id': quiet.organizationId, 'application-id': 'Frontend' },
};
const opts = { connections: 8, seconds: 8, warmupSeconds: 1 };
const sendPdf = await textPdf(5);
const signees = [{ name: 'Quiet Signee', email: 'quiet@example.com', level: 'Simple' }];
const meta = { documentName: 'Quiet', documentId: 'bench', lang: 'en' as const };

/** p99 of the quiet organization's send preparation, one after another for `seconds`. */
async function sends(seconds: number): Promise<number> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    await prepareSignable(sendPdf, signees, meta, { workers: signing, owner: quiet.organizationId });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
}

await sends(1); // the signing worker loaded
console.log(
  `Noisy neighbour, anonymous verify flood (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ` +
    `PDF workers ${config.signing.pdf.workers}, anonymous ${config.anonymous.verify.pool.workers})`,
);
const calmList = await load(list, opts);
const calmSend = await sends(opts.seconds);

const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
// The flood runs in a process of its own, so that making its requests does not count as the server's work.
const flooder = fork(new URL('./lib/verify-flood.ts', import.meta.url), [String(port), '16'], {
  execArgv: ['--import', 'tsx'],
});
// At the lowest priority: on this one machine the flood's own CPU would otherwise count against the server,
// which an outside caller's does not.
os.setPriority(flooder.pid!, 19);
await new Promise((resolve) => flooder.once('message', resolve)); // flooding
const busyList = await load(list, opts);
const busySend = await sends(opts.seconds);
const outcomes = await new Promise<Record<string, number>>((resolve) => {
  flooder.once('message', (m) => resolve(m as Record<string, number>));
  flooder.send('stop');
});
clearInterval(sampler);

console.log(formatResult('list, quiet server', calmList));
console.log(formatResult('list, during the anonymous verify flood', busyList));
console.log(
  `anonymous posts: ${Object.entries(outcomes)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(`API process RSS: +${((rssPeak - rssBefore) / MiB).toFixed(0)} MiB at the peak of the flood`);
for (const [name, calm, busy] of [
  ['list p99', calmList.p99, busyList.p99],
  ['send preparation p99', calmSend, busySend],
] as const) {
  const factor = busy / Math.max(calm, 0.001);
  console.log(
    `${name} ${busy.toFixed(1)} ms vs ${calm.toFixed(1)} ms quiet: ${factor.toFixed(2)}x ` +
      `(goal <= ${GOAL_FACTOR}x) ${factor <= GOAL_FACTOR ? 'MET' : 'NOT MET'}`,
  );
}
await app.close();
await signing.close();
await pdfWorkers(config.anonymous.verify.pool).close();
await database.close();
