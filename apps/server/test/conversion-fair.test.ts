import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import {
  useConversionEngine,
  type DocumentConverter,
  type SlotConverter,
  type TargetFormat,
} from '../src/services/conversion/index.ts';
import type { MemoryReading } from '../src/services/conversion/slots.ts';
import { StandInConverter } from '../src/services/conversion/stand-in.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { ole2Like } from './fixtures/files.ts';
import { makeDocx, makeDocxBomb, rewriteZipHeaders } from './fixtures/office.ts';

/**
 * Issue #31 item 8: one organization's conversions never delay another's. A controllable engine stands in
 * for LibreOffice behind the real slots: each conversion records its organization when it starts and
 * runs (through the stand-in) only when the test releases it. The jobs worker runs in the background.
 */
class GatedEngine implements DocumentConverter {
  readonly started: string[] = [];
  private readonly gates: (() => void)[] = [];
  private readonly real = new StandInConverter();

  async convert(input: string, format: TargetFormat, outDir: string, opts: { tenant?: string } = {}) {
    this.started.push(opts.tenant ?? '');
    await new Promise<void>((release) => this.gates.push(release));
    return this.real.convert(input, format, outDir);
  }

  /** Lets the oldest held conversion finish; false when none is held. */
  releaseOne(): boolean {
    const release = this.gates.shift();
    release?.();
    return !!release;
  }
}

const GiB = 1024 ** 3;
let t: DocumentsTestApp;
let engine: GatedEngine;
let slots: SlotConverter;
let memory: MemoryReading;
beforeAll(async () => {
  t = await buildDocumentsApp({ JOBS_CONCURRENCY: '2', CONVERSION_SLOTS: 'auto' });
  engine = new GatedEngine();
  memory = { free: 0.5 * GiB, total: 16 * GiB };
  slots = useConversionEngine(t.config.conversion, engine, () => memory);
  await t.app.jobs.start();
});
afterAll(async () => {
  while (engine.releaseOne());
  await t.app.jobs.stop();
  await t.close();
});

/** Waits (no time asserted) until `check` holds. */
const until = (check: () => boolean | Promise<boolean>) =>
  expect.poll(check, { timeout: 30_000, interval: 20 }).toBe(true);

const upload = (user: TestUser, label: string) =>
  t.upload(user, {
    type: 'file',
    fileName: `${label}.docx`,
    content: makeDocx(`<w:p><w:r><w:t>${label}</w:t></w:r></w:p>`),
    name: label,
  });

/** The organization's conversion jobs in each state. */
async function convertJobs(user: TestUser, status: 'queued' | 'running' | 'done') {
  const rows = await t.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.tenant, user.personalOrganizationId),
        eq(jobs.kind, 'document.convert'),
        inArray(jobs.status, [status]),
      ),
    );
  return rows.length;
}

/** Releases held conversions until every conversion job of `users` is done. */
async function finishAll(users: TestUser[], total: number) {
  await until(async () => {
    engine.releaseOne();
    let done = 0;
    for (const u of users) done += await convertJobs(u, 'done');
    return done === total;
  });
}

describe('conversions are fair between organizations', () => {
  it("with one slot, B's DOCX is next after A's running one, before A's other nine", async () => {
    memory = { free: 0.5 * GiB, total: 16 * GiB };
    const [a, b] = [await t.signUp(), await t.signUp()];
    const from = engine.started.length;
    for (let i = 0; i < 10; i++) expect((await upload(a, `a${i}`)).statusCode).toBe(200);
    await until(() => engine.started.length === from + 1);
    // One of A's conversions runs; the other nine stay queued and hold no worker slot.
    expect(await convertJobs(a, 'running')).toBe(1);
    expect(await convertJobs(a, 'queued')).toBe(9);
    expect((await upload(b, 'b0')).statusCode).toBe(200);
    // B's job is claimed at once by the free worker slot and waits for the converter slot.
    await until(() => slots.stats().byKey[b.personalOrganizationId]?.waiting === 1);
    expect(slots.stats()).toMatchObject({ running: 1, waiting: 1 });
    engine.releaseOne();
    await until(() => engine.started.length === from + 2);
    expect(engine.started.slice(from, from + 2)).toEqual([
      a.personalOrganizationId,
      b.personalOrganizationId,
    ]);
    await finishAll([a, b], 11);
    expect(engine.started.slice(from)).toEqual([
      a.personalOrganizationId,
      b.personalOrganizationId,
      ...Array<string>(9).fill(a.personalOrganizationId),
    ]);
  });

  it('with memory for a second slot, B converts beside A at once, and A never takes both slots', async () => {
    memory = { free: 8 * GiB, total: 16 * GiB };
    const [a, b] = [await t.signUp(), await t.signUp()];
    const from = engine.started.length;
    for (let i = 0; i < 10; i++) expect((await upload(a, `a${i}`)).statusCode).toBe(200);
    await until(() => engine.started.length === from + 1);
    expect((await upload(b, 'b0')).statusCode).toBe(200);
    // Nothing of A's finished: B started in the second slot.
    await until(() => engine.started.length === from + 2);
    expect(engine.started.slice(from)).toEqual([a.personalOrganizationId, b.personalOrganizationId]);
    expect(slots.stats()).toMatchObject({ running: 2, waiting: 0 });
    // B's done; A's next takes the free slot only one at a time (one per organization).
    engine.releaseOne();
    engine.releaseOne();
    await until(() => engine.started.length === from + 3);
    expect(slots.stats().byKey[a.personalOrganizationId]).toEqual({ running: 1, waiting: 0 });
    await finishAll([a, b], 11);
  });
});

describe('cheap refusals take no slot', () => {
  it('refuses a ZIP bomb and an encrypted DOCX at upload: no document, no job, no converter slot', async () => {
    const a = await t.signUp();
    const from = engine.started.length;
    const bomb = await t.upload(a, { type: 'file', fileName: 'bomb.docx', content: makeDocxBomb(21) });
    expect(bomb.statusCode, bomb.body).toBe(413);
    expect(errorOf(bomb)).toMatchObject({ code: 'FILE_TOO_LARGE', reason: 'UPLOAD_EXPANDS_TOO_MUCH' });
    const locked = rewriteZipHeaders(makeDocx('<w:p><w:r><w:t>Secret</w:t></w:r></w:p>'), { encrypt: true });
    const encrypted = await t.upload(a, { type: 'contract', fileName: 'locked.docx', content: locked });
    expect(encrypted.statusCode, encrypted.body).toBe(415);
    expect(errorOf(encrypted)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', reason: 'UPLOAD_ENCRYPTED' });
    // What Office writes for a password-protected DOCX: its encrypted package in an OLE2 container.
    const office = await t.upload(a, { type: 'contract', fileName: 'locked2.docx', content: ole2Like(8192) });
    expect(errorOf(office)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', reason: 'UPLOAD_ENCRYPTED' });
    const listed = (await t.json(a, 'GET', '/api/documents/list')).json().documents;
    expect(listed).toEqual([]);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.tenant, a.personalOrganizationId));
    expect(queued).toEqual([]);
    expect(engine.started.length).toBe(from);
    expect(slots.stats()).toEqual({ running: 0, waiting: 0, byKey: {} });
  });

  it('a bomb whose headers understate it fails in its job before it takes a converter slot', async () => {
    const a = await t.signUp();
    const from = engine.started.length;
    const liar = rewriteZipHeaders(makeDocxBomb(21), { understate: true });
    const res = await t.upload(a, { type: 'file', fileName: 'liar.docx', content: liar, name: 'Liar' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().document.id;
    await until(
      async () =>
        (await t.json(a, 'GET', `/api/documents/info/${id}`)).json().document.conversion === 'failed',
    );
    const doc = (await t.json(a, 'GET', `/api/documents/info/${id}`)).json().document;
    expect(doc.conversionFailure).toBe('TOO_LARGE');
    expect(engine.started.length).toBe(from);
  });
});
