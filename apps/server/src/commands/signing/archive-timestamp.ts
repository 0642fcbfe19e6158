import type { VerificationReport } from '@sinetti/contract';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { signingProcesses } from '../../db/schema/index.ts';
import { enqueueJob, type JobContext } from '../../services/jobs/index.ts';
import {
  addLongTermValidation,
  signingCaFromConfig,
  timestampingFor,
  verifySignedPdf,
} from '../../services/pdf/index.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import { SIGNING_JOBS, readAll, storePdf } from './common.ts';
import { pdfRun } from './pdf-run.ts';

export const ARCHIVE_TIMESTAMP_JOB = 'signing.archive-timestamps';
/** How often the job looks for due files, and how many it handles per run (each is read and verified). */
export const ARCHIVE_INTERVAL_MS = 3600_000;
export const ARCHIVE_BATCH = 20;
/** A file that could not be handled (or whose authority's certificate is too short) is looked at again after this. */
const RETRY_MS = 24 * 3600_000;
/** How long a run's claim on a due file lasts (past it, a run that died is assumed gone). */
export const CLAIM_MS = 3600_000;

type DueRound = { id: string; organizationId: string; documentId: string; signedKey: string | null };

/**
 * What a signed file needs: a new archive time-stamp now (`stamp`), or nothing until `dueAt` (the last document
 * time-stamp's authority certificate ends `marginMs` after it). A file that does not verify gets nothing: it is
 * an error for the operator, not something to time-stamp over.
 */
export function archiveDecision(
  report: VerificationReport,
  now: Date,
  marginMs: number,
): { stamp: boolean; dueAt: Date } {
  if (report.verdict === 'invalid' || report.verdict === 'unreadable' || report.verdict === 'unsigned') {
    const why = report.signatures.flatMap((s) => (s.status === 'invalid' ? s.warnings : []));
    throw new Error(
      `the signed file does not verify (${report.verdict}: ${why.join(', ') || report.unreadable})`,
    );
  }
  // A document time-stamp is its own token: its chain starts at the authority's certificate.
  const last = report.signatures.filter((s) => s.kind === 'document-timestamp').at(-1);
  const tsaCertificate = last?.chain.certificates[0];
  if (!last || last.status === 'invalid' || !tsaCertificate) return { stamp: true, dueAt: now };
  const dueAt = new Date(Date.parse(tsaCertificate.notAfter) - marginMs);
  return { stamp: dueAt.getTime() <= now.getTime(), dueAt };
}

/**
 * The periodic archive time-stamp job: signed files whose last document time-stamp nears the end of its
 * authority's certificate get a new DSS (the CA's current CRL, every certificate) and a new document time-stamp
 * as an incremental update (PAdES B-LTA, ETSI EN 319 142-1 §5.5). Batch-limited and indexed
 * (`archive_due_at`); safe with several processes: due rows are claimed (claimDue, FOR UPDATE SKIP LOCKED) so
 * two runs never re-stamp the same file, and the swap of the file is a compare-and-set under the row lock.
 * Returns how many files got a new time-stamp.
 */
export async function runArchiveTimestamps(c: JobContext): Promise<number> {
  const now = c.clock.now();
  const due = await claimDue(c, now);
  let stamped = 0;
  for (const round of due) {
    try {
      if (await archiveOne(c, round, now)) stamped++;
    } catch (err) {
      c.log.error(
        { processId: round.id, err: (err as Error).message },
        'signing: archive time-stamp failed; retried in a day',
      );
      await setDue(c, round, new Date(now.getTime() + RETRY_MS));
    }
  }
  return stamped;
}

/**
 * Claims a batch of due rounds for this run: locked with FOR UPDATE SKIP LOCKED (a concurrent run skips them
 * rather than waiting) and moved CLAIM_MS ahead in the same short transaction, so no other run sees them as due
 * while this one reads, verifies and re-stamps their files (outside any transaction). Each run then sets the
 * real next due date; a run that dies leaves its claims to expire after CLAIM_MS.
 */
export async function claimDue(c: JobContext, now: Date): Promise<DueRound[]> {
  return c.db.transaction(async (tx) => {
    const rows: DueRound[] = await tx
      .select({
        id: signingProcesses.id,
        organizationId: signingProcesses.organizationId,
        documentId: signingProcesses.documentId,
        signedKey: signingProcesses.signedKey,
      })
      .from(signingProcesses)
      .where(lte(signingProcesses.archiveDueAt, now))
      .orderBy(asc(signingProcesses.archiveDueAt))
      .limit(ARCHIVE_BATCH)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(signingProcesses)
        .set({ archiveDueAt: new Date(now.getTime() + CLAIM_MS) })
        .where(
          inArray(
            signingProcesses.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
}

async function setDue(c: JobContext, round: DueRound, dueAt: Date | null): Promise<void> {
  await c.db
    .update(signingProcesses)
    .set({ archiveDueAt: dueAt })
    .where(
      and(
        eq(signingProcesses.id, round.id),
        round.signedKey === null
          ? isNull(signingProcesses.signedKey)
          : eq(signingProcesses.signedKey, round.signedKey),
      ),
    );
}

async function archiveOne(c: JobContext, round: DueRound, now: Date): Promise<boolean> {
  if (!round.signedKey) {
    await setDue(c, round, null);
    return false;
  }
  const { marginMs } = c.config.signing.archive;
  const ca = await signingCaFromConfig(c.config.signing);
  const run = pdfRun(c, round.organizationId);
  const pdf = await readAll(c.blobs, round.signedKey);
  const before = archiveDecision(await verifySignedPdf(pdf, ca, run, now), now, marginMs);
  if (!before.stamp) {
    await setDue(c, round, before.dueAt);
    return false;
  }
  const tsa = timestampingFor(c.config.signing, ca, () => c.clock.now());
  const next = await addLongTermValidation(pdf, { ca, tsa, run, now });
  const after = archiveDecision(await verifySignedPdf(next, ca, run, now), now, marginMs);
  if (after.stamp) {
    throw new Error('the new time-stamp authority certificate ends within ARCHIVE_TIMESTAMP_MARGIN_DAYS');
  }
  // The old file is deleted below because it is the new one's first bytes: check that, never assume it.
  if (next.length <= pdf.length || !Buffer.from(next.subarray(0, pdf.length)).equals(Buffer.from(pdf))) {
    throw new Error('the re-time-stamped file does not begin with the signed file; nothing was replaced');
  }
  const stored = await storePdf(c.blobs, round.organizationId, next);
  const swapped = await c.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.id, round.id))
      .for('update');
    if (!current || current.signedKey !== round.signedKey) return false;
    await tx
      .update(signingProcesses)
      .set({ signedKey: stored.key, signedSha256: stored.sha256, archiveDueAt: after.dueAt })
      .where(eq(signingProcesses.id, round.id));
    await appendSigningEvent(tx, {
      organizationId: round.organizationId,
      documentId: round.documentId,
      processId: round.id,
      type: 'archive-timestamped',
      at: now,
      actor: systemActor,
      data: {
        previousSha256: current.signedSha256,
        previousSize: pdf.length,
        signedSha256: stored.sha256,
        size: next.length,
        nextDueAt: after.dueAt.toISOString(),
      },
    });
    // The previous file is a byte prefix of the new one (checked above), so it is not kept.
    await enqueueJob(
      tx,
      SIGNING_JOBS.deleteBlobs,
      { keys: [round.signedKey!] },
      { runAt: now, tenant: round.organizationId },
    );
    return true;
  });
  if (!swapped) await c.blobs.delete(stored.key).catch(() => undefined);
  return swapped;
}
