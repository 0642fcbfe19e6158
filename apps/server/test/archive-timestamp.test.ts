import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { VerificationReport } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_TIMESTAMP_JOB,
  CLAIM_MS,
  archiveDecision,
  claimDue,
} from '../src/commands/signing/archive-timestamp.ts';
import { readAll } from '../src/commands/signing/common.ts';
import { registerSigningJobs } from '../src/commands/signing/jobs.ts';
import { loadConfig } from '../src/config.ts';
import { signingEvents, signingProcesses } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { JobRegistry } from '../src/services/jobs/registry.ts';
import { signingCaFromConfig, verifySignedPdf, verifyWithPdfsig } from '../src/services/pdf/index.ts';
import type { TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/** Issue 11 item 2: archive time-stamps before the last document time-stamp's authority certificate ends. */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  // Signing time-stamps with the real clock (the time-stamping unit's); the job and the report follow the app's.
  t.clock.advance(Math.max(0, Date.now() - t.clock.now().getTime()));
  owner = await t.organization(await t.signUp({ name: 'Arkisto Aino' }));
  await t.fund(owner, 10);
});
afterAll(async () => t.close());

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const YEAR_MS = 365 * 24 * 3600_000;

async function signedDocument(): Promise<string> {
  return (await t.signedByOne(owner, 'Archived lease', 1)).id;
}

const roundOf = async (documentId: string) =>
  (
    await t.database.db.select().from(signingProcesses).where(eq(signingProcesses.documentId, documentId))
  )[0]!;

const archiveEvents = (documentId: string) =>
  t.database.db
    .select()
    .from(signingEvents)
    .where(and(eq(signingEvents.documentId, documentId), eq(signingEvents.type, 'archive-timestamped')))
    .orderBy(asc(signingEvents.seq));

async function runArchiveJob(): Promise<void> {
  await enqueueJob(t.database.db, ARCHIVE_TIMESTAMP_JOB, {}, { runAt: t.clock.now() });
  await t.app.jobs.drain();
}

describe('archive time-stamps', () => {
  it('lets two concurrent runs claim each due file once (FOR UPDATE SKIP LOCKED, then moved ahead)', async () => {
    const ids = [await signedDocument(), await signedDocument()];
    const rounds = await Promise.all(ids.map(roundOf));
    const now = t.clock.now();
    const roundIds = rounds.map((r) => r.id);
    await t.database.db
      .update(signingProcesses)
      .set({ archiveDueAt: new Date(now.getTime() - 60_000) })
      .where(inArray(signingProcesses.id, roundIds));
    const c = { ...t.app.ctx, signal: new AbortController().signal };
    const [a, b] = await Promise.all([claimDue(c, now), claimDue(c, now)]);
    const mine = (list: { id: string }[]) => list.map((r) => r.id).filter((id) => roundIds.includes(id));
    // Every due round is claimed by exactly one of the runs.
    expect([...mine(a), ...mine(b)].sort()).toEqual([...roundIds].sort());
    for (const r of await Promise.all(ids.map(roundOf))) {
      expect(r.archiveDueAt!.getTime()).toBe(now.getTime() + CLAIM_MS);
    }
    // While claimed, no run sees them as due.
    expect(mine(await claimDue(c, now))).toEqual([]);
  });

  it('re-stamp a signed file once its time-stamp authority certificate nears its end, and only once', async () => {
    const docId = await signedDocument();
    const sealed = await roundOf(docId);
    expect(sealed.state).toBe('completed');
    expect(sealed.archiveDueAt).toEqual(sealed.completedAt);

    // The first run reads the file and learns when its document time-stamp needs extending: nothing else.
    await runArchiveJob();
    const checked = await roundOf(docId);
    expect(checked.signedKey).toBe(sealed.signedKey);
    const due = checked.archiveDueAt!;
    // The time-stamping unit's certificate lives 10 years; the default margin is 365 days.
    expect(due.getTime() - t.clock.now().getTime()).toBeGreaterThan(8 * YEAR_MS);
    expect(await archiveEvents(docId)).toEqual([]);

    // Past the due date (the unit has meanwhile renewed its key, as it does with 8 years left).
    t.clock.advance(due.getTime() - t.clock.now().getTime() + 3600_000);
    await runArchiveJob();
    const stamped = await roundOf(docId);
    expect(stamped.signedSha256).not.toBe(sealed.signedSha256);
    expect(stamped.archiveDueAt!.getTime()).toBeGreaterThan(t.clock.now().getTime() + 8 * YEAR_MS);
    const file = await readAll(t.app.ctx.blobs, stamped.signedKey!);
    expect(sha256(file)).toBe(stamped.signedSha256);
    const [event, ...more] = await archiveEvents(docId);
    expect(more).toEqual([]);
    expect(event!.data).toMatchObject({
      previousSha256: sealed.signedSha256,
      signedSha256: stamped.signedSha256,
      size: file.length,
    });
    // The sealed file is a byte prefix of the new one (an incremental update); the old blob is gone.
    expect(sha256(file.subarray(0, event!.data.previousSize as number))).toBe(sealed.signedSha256);
    await expect(readAll(t.app.ctx.blobs, sealed.signedKey!)).rejects.toThrow();

    // Our verifier: two document time-stamps, every signature valid and B-LTA at the moved clock.
    const ca = await signingCaFromConfig(t.app.ctx.config.signing);
    const report = await verifySignedPdf(file, ca, undefined, t.clock.now());
    expect(report.verdict, JSON.stringify(report.signatures.map((s) => s.warnings))).toBe('valid');
    expect(report.signatures.map((s) => s.kind)).toEqual([
      'signature',
      'signature',
      'document-timestamp',
      'document-timestamp',
    ]);
    for (const s of report.signatures.filter((x) => x.kind === 'signature')) {
      expect(s).toMatchObject({ status: 'valid', level: 'B-LTA', intact: 'ok' });
      expect(s.changes).toMatchObject({ modified: false, timestampsAdded: 2, dssAdded: true });
    }
    // pdfsig: the signee's signature and the seal still valid, the last time-stamp covers the whole file.
    const { signatures, output } = await verifyWithPdfsig(file);
    expect(
      signatures.map((s) => s.name.replace(/-.*/, '')),
      output,
    ).toEqual(['Signee', 'PlatformSeal', 'DocTimeStamp', 'DocTimeStamp']);
    expect(signatures.slice(0, 2).map((s) => s.validity)).toEqual(['valid', 'valid']);
    expect(signatures[3]!.coversWholeDocument).toBe(true);
    // MuPDF too: the signee's signature and the seal verify; later updates are time-stamps (edits it notes).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sinetti-archive-'));
    try {
      await writeFile(path.join(dir, 'archived.pdf'), file);
      const mutool = await promisify(execFile)('mutool', ['sign', '-v', path.join(dir, 'archived.pdf')]);
      const blocks = mutool.stdout.split(/^Verifying signature/m).slice(1);
      expect(blocks.length, mutool.stdout).toBeGreaterThanOrEqual(2);
      for (const block of blocks.slice(0, 2)) {
        expect(block, mutool.stdout).toMatch(/The signature is valid/);
        expect(block).not.toMatch(/Digest mismatch|has been (modified|altered)|not valid/i);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Running again changes nothing.
    await runArchiveJob();
    expect((await roundOf(docId)).signedSha256).toBe(stamped.signedSha256);
    expect(await archiveEvents(docId)).toHaveLength(1);
  }, 600_000);

  it('never time-stamps over a file that does not verify', () => {
    const report = { verdict: 'invalid', signatures: [] } as unknown as VerificationReport;
    expect(() => archiveDecision(report, new Date(), YEAR_MS)).toThrow(/does not verify/);
  });

  it('can be switched off, and the margin is configured in days', () => {
    const registered = (env: Record<string, string>) => {
      const registry = new JobRegistry();
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env });
      registerSigningJobs(registry, config);
      return { periodic: registry.periodic.has(ARCHIVE_TIMESTAMP_JOB), archive: config.signing.archive };
    };
    expect(registered({})).toEqual({ periodic: true, archive: { enabled: true, marginMs: YEAR_MS } });
    expect(registered({ ARCHIVE_TIMESTAMPS: 'off', ARCHIVE_TIMESTAMP_MARGIN_DAYS: '30' })).toEqual({
      periodic: false,
      archive: { enabled: false, marginMs: 30 * 24 * 3600_000 },
    });
    expect(() => registered({ ARCHIVE_TIMESTAMP_MARGIN_DAYS: '0' })).toThrow(/ARCHIVE_TIMESTAMP_MARGIN_DAYS/);
  });
});
