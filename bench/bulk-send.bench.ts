// Bulk send (issue #33 item 4): a 1,000-row CSV from a template with one signee role and two fields, from
// the start call until every row is sent, on the embedded database (PGlite in a data directory) and on
// PostgreSQL when BENCH_DATABASE_URL is set (BENCH_SKIP_PGLITE=1: PostgreSQL only; BULK_ROWS=n: another
// size). Prints the time per document (making each contract: fill the DOCX, copy, signee; its PDF; sending
// it: the signature page in a PDF worker, charge, e-mail), the preview's time, and when the last contract
// was made (the job interleaves the three). The DOCX → PDF conversion runs with the built-in test converter
// (CONVERSION_ENGINE=test): with LibreOffice each contract adds about a second of conversion, run one at a
// time per organization (CONVERSION_PER_ORGANIZATION), which then dominates.
import { withScratchDatabase } from './lib/scratch-database.ts';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, max } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { createSession } from '../apps/server/src/commands/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { bulkSendRows, documents, transactions } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { makeDocx } from '../apps/server/test/fixtures/office.ts';
import { benchAccount } from './lib/bench-account.ts';

const ROWS = Number(process.env.BULK_ROWS ?? 1000);

const TEMPLATE = makeDocx(
  '<w:p><w:r><w:t xml:space="preserve">Tenant {{tenant_name}} pays {{rent:number}} € a month.</w:t></w:r></w:p>',
);

async function run(label: string, database: Database): Promise<void> {
  const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-bulk-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1',
      BLOB_DIR: blobDir,
      JOBS_WORKER: 'false',
      CONVERSION_ENGINE: 'test',
      // The rows' e-mails in one hour: the limit is what the benchmark would otherwise measure.
      MAIL_LIMIT_PER_ORGANIZATION: String(ROWS * 2),
    }),
    validateReplies: false,
  };
  const app = await buildApp(config, { database, logger: false });
  try {
    const { accountId, organizationId } = await benchAccount(database.db);
    const { token } = await createSession(database.db, systemClock, {
      accountId,
      selectedOrganizationId: organizationId,
      ip: null,
      userAgent: 'bench',
    });
    // Money paid in, enough for every row.
    await database.db
      .insert(transactions)
      .values({ organizationId, name: 'balance', amountCents: ROWS * 1000, pool: 'paid' });
    const headers = { 'session-id': token, 'company-id': organizationId, 'application-id': 'Frontend' };
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
      return res.json();
    };
    const form = new FormData();
    form.append('name', 'Lease');
    form.append('file', new Blob([new Uint8Array(TEMPLATE)]), 'lease.docx');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/documents/upload/template',
      headers,
      payload: form as never,
    });
    const templateId = upload.json().document.id as string;
    await call('PUT', `/api/documents/template-roles/${templateId}`, { roles: ['Tenant'] });
    const rows = Array.from(
      { length: ROWS },
      (_, i) => `t${i}@example.com,Tia,Tenant ${i},Tia ${i},${900 + i}`,
    );
    const csv = ['Tenant email,Tenant first name,Tenant last name,tenant_name,rent', ...rows].join('\n');

    const t0 = performance.now();
    const preview = (await call('POST', `/api/bulk-send/preview/${templateId}`, { csv })).preview;
    const tPreview = performance.now() - t0;
    if (preview.validRows !== ROWS) throw new Error(`preview: ${preview.validRows} valid rows`);
    const t1 = performance.now();
    const startedAt = Date.now();
    const bulkId = (await call('POST', `/api/bulk-send/start/${templateId}`, { csv })).bulkSend.id as string;
    let summary = (await call('GET', `/api/bulk-send/info/${bulkId}`)).bulkSend;
    while (summary.status !== 'done') {
      const ran = await app.jobs.drain({ maxJobs: 10_000 });
      summary = (await call('GET', `/api/bulk-send/info/${bulkId}`)).bulkSend;
      // The next run is queued a moment ahead while conversions finish.
      if (ran === 0) await new Promise((r) => setTimeout(r, 100));
    }
    const total = performance.now() - t1;
    if (summary.sent !== ROWS) throw new Error(`sent ${summary.sent} of ${ROWS}: ${JSON.stringify(summary)}`);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    // When the last contract was made (the job interleaves making, converting and sending).
    const [last] = await database.db
      .select({ at: max(documents.createdAt) })
      .from(bulkSendRows)
      .innerJoin(documents, eq(documents.id, bulkSendRows.documentId))
      .where(eq(bulkSendRows.bulkSendId, bulkId));
    const made = (last?.at?.getTime() ?? startedAt) - startedAt;
    console.log(
      `${label}: ${ROWS} rows sent in ${(total / 1000).toFixed(1)} s = ${(total / ROWS).toFixed(1)} ms per document ` +
        `(preview ${ms(tPreview)}; the last contract made after ${ms(made)})`,
    );
  } finally {
    await app.close();
    await database.close();
    await fsp.rm(blobDir, { recursive: true, force: true });
  }
}

console.log(`Bulk send, ${ROWS} rows (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})`);
if (!process.env.BENCH_SKIP_PGLITE) {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-bulk-db-'));
  try {
    await run('PGlite (embedded)', await openDatabase({ dataDir }));
  } finally {
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await withScratchDatabase(url, async (databaseUrl) =>
    run('PostgreSQL', await openDatabase({ databaseUrl })),
  );
} else {
  console.log('(set BENCH_DATABASE_URL to also measure on PostgreSQL)');
}
