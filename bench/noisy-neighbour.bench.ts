// Noisy neighbour: p99 of one organization's document list while another organization keeps sending the
// hostile PDFs of issue 10 (huge /Size, 1 GiB object stream bomb, deep nesting, loops, non-array /Fields
// and /Annots), next to the same figure on a quiet server. The hostile files go through the PDF worker pool
// exactly as `signing/send` prepares them (prepareSignable, counted against the noisy organization).
// Goal: the noisy p99 within 2× the quiet one.
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.ts';
import { createSession } from '../apps/server/src/commands/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import {
  PdfBusyError,
  PdfError,
  pdfWorkers,
  prepareSignable,
} from '../apps/server/src/services/pdf/index.ts';
import * as hostile from '../apps/server/test/pdf-hostile.ts';
import { benchAccount } from './lib/bench-account.ts';
import { formatResult, load } from './lib/load.ts';

const GOAL_FACTOR = 2;
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
  }),
  validateReplies: false,
};
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const workers = pdfWorkers(config.signing.pdf);
workers.warm();

const files = [
  hostile.hugeSizePdf(),
  hostile.objectStreamBombPdf(),
  hostile.deepNestingPdf(),
  hostile.objectStreamLoopPdf(),
  hostile.truncatedXrefPdf(),
  await hostile.nonArrayFieldsPdf(),
  await hostile.nonArrayAnnotsPdf(),
];
const signees = [{ name: 'Noisy Signee', email: 'noisy@example.com', level: 'Simple' }];
const meta = { documentName: 'Hostile', documentId: 'bench', lang: 'en' as const };
// Let the workers load before measuring.
await prepareSignable(await hostile.nonArrayFieldsPdf(), signees, meta).catch(() => undefined);

const list = {
  url: `http://127.0.0.1:${port}/api/documents/list`,
  headers: { 'session-id': token, 'company-id': quiet.organizationId, 'application-id': 'Frontend' },
};
const opts = { connections: 8, seconds: 8, warmupSeconds: 1 };
console.log(
  `Noisy neighbour (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, PDF workers ${config.signing.pdf.workers})`,
);
const calm = await load(list, opts);

let stop = false;
const outcomes = new Map<string, number>();
async function noisy(): Promise<void> {
  for (let i = 0; !stop; i++) {
    const file = files[i % files.length]!;
    const outcome = await prepareSignable(file, signees, meta, { workers, owner: 'noisy-organization' }).then(
      () => 'accepted',
      (err: unknown) =>
        err instanceof PdfError ? err.problem : err instanceof PdfBusyError ? 'PDF_BUSY' : 'other error',
    );
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
}
// Several sends at once, as a tenant hammering send → cancel → send would.
const senders = Array.from({ length: 4 }, () => noisy());
const busy = await load(list, opts);
stop = true;
await Promise.all(senders);

console.log(formatResult('list, quiet server', calm));
console.log(formatResult('list, while another organization sends hostile PDFs', busy));
console.log(`hostile sends: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
const factor = busy.p99 / Math.max(calm.p99, 0.001);
console.log(
  `p99 ${busy.p99.toFixed(1)} ms vs ${calm.p99.toFixed(1)} ms quiet: ${factor.toFixed(2)}× (goal ≤ ${GOAL_FACTOR}×) ${factor <= GOAL_FACTOR ? 'MET' : 'NOT MET'}`,
);
await app.close();
await workers.close();
await database.close();
