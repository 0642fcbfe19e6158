// Noisy neighbour, office variant (issue #31 item 8): how long one organization's ordinary DOCX takes from
// upload to its PDF on a quiet server, and again right after another organization uploaded 10 hostile office
// files (truthful and lying ZIP bombs, an encrypted DOCX, and DOCX files of megabytes of text that keep
// LibreOffice busy until its time limit). Real LibreOffice, the real jobs worker, the server's own slots
// (CONVERSION_SLOTS, default auto; set it in the environment to compare). Goal: ≤ 15 s after the noise.
// `npm run bench noisy` runs it with the PDF variant; `npm run bench noisy-office` alone.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { createSession } from '../apps/server/src/commands/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { documents } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { converterFor } from '../apps/server/src/services/conversion/index.ts';
import { allowedSlots } from '../apps/server/src/services/conversion/slots.ts';
import { docxWithBody } from '../apps/server/src/services/conversion/stand-in.ts';
import { benchAccount } from './lib/bench-account.ts';

const GOAL_SECONDS = 15;
const database = await openDatabase({ dataDir: 'memory://' });
const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-office-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    BLOB_DIR: blobDir,
    JOBS_WORKER: 'true',
    CONVERSION_ENGINE: 'libreoffice',
    ...(process.env.CONVERSION_SLOTS ? { CONVERSION_SLOTS: process.env.CONVERSION_SLOTS } : {}),
  }),
  validateReplies: false,
};
const app = await buildApp(config, { database, logger: false });
await app.ready();

async function caller() {
  const { accountId, organizationId } = await benchAccount(database.db);
  const { token } = await createSession(database.db, systemClock, {
    accountId,
    selectedOrganizationId: organizationId,
    ip: null,
    userAgent: 'bench',
  });
  return { 'session-id': token, 'company-id': organizationId, 'application-id': 'Frontend' };
}

async function upload(headers: Record<string, string>, fileName: string, content: Buffer) {
  const form = new FormData();
  form.append('name', fileName);
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents/upload/file',
    headers,
    payload: form as never,
  });
  return {
    status: res.statusCode,
    id: res.statusCode === 200 ? (res.json().document.id as string) : null,
    body: res.body,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function conversionOf(id: string): Promise<string> {
  const [row] = await database.db
    .select({ s: documents.conversionStatus })
    .from(documents)
    .where(eq(documents.id, id));
  return row?.s ?? 'missing';
}

/** Seconds from the upload's request to the PDF being there. */
async function timeOrdinary(headers: Record<string, string>, label: string): Promise<number> {
  const started = performance.now();
  const text = `<w:p><w:r><w:t>Vuokrasopimus ${label}: monthly rent payable to Vuokranantaja Oy.</w:t></w:r></w:p>`;
  const { id, body } = await upload(headers, `${label}.docx`, Buffer.from(docxWithBody(text.repeat(40))));
  if (!id) throw new Error(`the ordinary upload was refused: ${body}`);
  for (;;) {
    const state = await conversionOf(id);
    if (state === 'done' || state === 'failed') {
      if (state === 'failed') console.log(`  (${label} failed to convert)`);
      return (performance.now() - started) / 1000;
    }
    await sleep(100);
  }
}

/** Words of random letters: text LibreOffice must lay out page by page, which ZIP cannot shrink much. */
function noise(bytes: number, seed: number): string {
  let x = seed;
  const out: string[] = [];
  let n = 0;
  while (n < bytes) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const word = (x % 2 ** 20).toString(36);
    out.push(word);
    n += word.length + 1;
  }
  return out.join(' ');
}

/** A DOCX of `mib` MiB of paragraphs of noise: valid, within the archive limits, slow to convert. */
function heavyDocx(mib: number, seed: number): Buffer {
  const paragraphs: string[] = [];
  const text = noise(mib * 1024 * 1024, seed);
  for (let i = 0; i < text.length; i += 600)
    paragraphs.push(`<w:p><w:r><w:t>${text.slice(i, i + 600)}</w:t></w:r></w:p>`);
  return Buffer.from(docxWithBody(paragraphs.join(''), { level: 6 }));
}

/** A DOCX whose 21 MiB document.xml is one paragraph repeated: a bomb (headers truthful, or understated). */
function bombDocx(understate: boolean): Buffer {
  const p = '<w:p><w:r><w:t>Lorem ipsum dolor sit amet, consectetur adipiscing.</w:t></w:r></w:p>';
  const zip = Buffer.from(docxWithBody(p.repeat(Math.ceil((21 * 1024 * 1024) / p.length)), { level: 9 }));
  for (let q = 0; understate && q + 4 <= zip.length; q++) {
    const sig = zip.readUInt32LE(q);
    const at = sig === 0x04034b50 ? [18, 22] : sig === 0x02014b50 ? [20, 24] : null;
    if (at) zip.writeUInt32LE(zip.readUInt32LE(q + at[0]!), q + at[1]!);
  }
  return zip;
}

function encryptedDocx(): Buffer {
  const zip = Buffer.from(docxWithBody('<w:p><w:r><w:t>Secret</w:t></w:r></w:p>'));
  for (let q = 0; q + 4 <= zip.length; q++) {
    const sig = zip.readUInt32LE(q);
    const at = sig === 0x04034b50 ? 6 : sig === 0x02014b50 ? 8 : -1;
    if (at >= 0) zip.writeUInt16LE(zip.readUInt16LE(q + at) | 1, q + at);
  }
  return zip;
}

const quietOrg = await caller();
const noisyOrg = await caller();
console.log(
  `Noisy neighbour, office (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ` +
    `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, ${(os.freemem() / 1024 ** 3).toFixed(1)} GiB free, ` +
    `CONVERSION_SLOTS=${config.conversion.slots} → ${allowedSlots(config.conversion.slots, config.conversion.memoryBytes)} now, ` +
    `${config.conversion.perOrganization} per organization, time limit ${config.conversion.timeoutMs / 1000} s)`,
);
// The first conversion builds LibreOffice's template profile: not part of either figure.
await timeOrdinary(quietOrg, 'warm-up');
const quiet = await timeOrdinary(quietOrg, 'quiet');

const hostile: [string, Buffer][] = [
  ['bomb.docx', bombDocx(false)],
  ['liar.docx', bombDocx(true)],
  ['locked.docx', encryptedDocx()],
  ...Array.from({ length: 7 }, (_, i) => [`heavy-${i}.docx`, heavyDocx(6, i + 1)] as [string, Buffer]),
];
const answers = new Map<number, number>();
for (const [name, content] of hostile) {
  const { status } = await upload(noisyOrg, name, content);
  answers.set(status, (answers.get(status) ?? 0) + 1);
}
// Measure while one of the noisy organization's heavy files is inside LibreOffice (its bombs fail before).
const busyStarted = performance.now();
while ((converterFor(config.conversion).stats().byKey[noisyOrg['company-id']]?.running ?? 0) === 0) {
  await sleep(100);
}
console.log(
  `a hostile conversion holds a slot ${((performance.now() - busyStarted) / 1000).toFixed(1)} s after the uploads`,
);
const noisy = await timeOrdinary(quietOrg, 'noisy');
const ratio = noisy / quiet;
console.log(`hostile uploads: ${[...answers].map(([s, n]) => `${n}× ${s}`).join(', ')}`);
console.log(`ordinary DOCX, quiet server:                 ${quiet.toFixed(1)} s`);
console.log(
  `ordinary DOCX, after 10 hostile uploads:     ${noisy.toFixed(1)} s (${ratio.toFixed(2)}× quiet)`,
);
console.log(`goal ≤ ${GOAL_SECONDS} s: ${noisy <= GOAL_SECONDS ? 'MET' : 'NOT MET'}`);

await app.close();
await database.close();
await fsp.rm(blobDir, { recursive: true, force: true });
