import { methodNames } from '../../queries/signing/methods.ts';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, signingEvents, signingProcesses } from '../../db/schema/index.ts';
import { faultPoint } from '../../lib/fault-points.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { listSignees, lockProcess, type ProcessRow, type SigneeRow } from '../../queries/signing/signees.ts';
import { PermanentJobError, enqueueJob, type JobContext, type JobRecord } from '../../services/jobs/index.ts';
import {
  addPlatformSeal,
  buildCompletionCertificate,
  signingCaFromConfig,
  timestampingFor,
} from '../../services/pdf/index.ts';
import { getChainAnchor } from './audit-anchor.ts';
import { appendSigningEvent, systemActor, verifyChain } from './audit-chain.ts';
import { completionInput } from './certificate.ts';
import { SIGNING_JOBS, issueSigneeLink, links, readPdf, storePdf } from './common.ts';
import { isPermanentPdfFailure } from './fail-round.ts';
import { pdfRun } from './pdf-run.ts';
import { mailAndRecord, senderRecipient, signeeRecipients } from './round-mail.ts';
import { notifySender } from '../notifications/notify.ts';

/**
 * The seal job (after the last signature): the platform's seal over the whole document, the sealed
 * certificate of completion, then in one transaction state Signed and a download link e-mailed to every
 * signee and the sender. Idempotent: a round no longer sealing is left alone; files made by a run that
 * loses the race are removed.
 */
export async function runSeal(job: JobRecord<{ processId: string }>, c: JobContext): Promise<void> {
  const [process] = await c.db
    .select()
    .from(signingProcesses)
    .where(eq(signingProcesses.id, job.payload.processId))
    .limit(1);
  if (!process || process.state !== 'sealing') return;
  const doc = await findDocument(c.db, process.documentId);
  if (!doc) return;
  const events = await c.db
    .select()
    .from(signingEvents)
    .where(eq(signingEvents.documentId, doc.id))
    .orderBy(asc(signingEvents.seq));
  // The certificate of completion vouches for the trail: never issue one over a rewritten chain.
  const chain = verifyChain(events, await getChainAnchor(c.db, doc.id));
  if (!chain.valid) throw new Error(`The audit chain of document ${doc.id} does not verify: ${chain.reason}`);
  const ca = await signingCaFromConfig(c.config.signing);
  const tsa = timestampingFor(c.config.signing, ca);
  const completedAt = c.clock.now();
  const run = pdfRun(c, process.organizationId);
  const sealed = await permanentOnPdfProblem(
    addPlatformSeal(await readPdf(c.blobs, process.currentKey), { ca, tsa, signedAt: completedAt, run }),
  );
  const signed = await storePdf(c.blobs, process.organizationId, sealed);
  await faultPoint('signing.sealed-pdf-stored');
  const list = await listSignees(c.db, doc.id);
  const certificate = await buildCompletionCertificate(
    completionInput(
      doc,
      process,
      list,
      events,
      signed.sha256,
      completedAt,
      await methodNames(c.db, c.config.publicUrl),
    ),
    { ca, tsa, run },
  );
  const cert = await storePdf(c.blobs, process.organizationId, certificate.pdf);
  const done = await c.db.transaction(async (tx) => {
    const locked = await findDocument(tx, doc.id, 'update');
    const current = await lockProcess(tx, process.id);
    if (!locked || current?.state !== 'sealing') return false;
    await tx
      .update(signingProcesses)
      .set({
        state: 'completed',
        signedKey: signed.key,
        signedSha256: signed.sha256,
        certificateKey: cert.key,
        certificateSha256: cert.sha256,
        completedAt,
        // The archive job reads the sealed file once to learn when its document time-stamp needs extending.
        archiveDueAt: completedAt,
      })
      .where(eq(signingProcesses.id, process.id));
    await tx
      .update(documents)
      .set({ state: DOCUMENT_STATE.Signed, updatedAt: completedAt })
      .where(eq(documents.id, doc.id));
    await appendSigningEvent(tx, {
      organizationId: process.organizationId,
      documentId: doc.id,
      processId: process.id,
      type: 'completed',
      at: completedAt,
      actor: systemActor,
      data: {
        versionSha256: process.versionSha256,
        signedSha256: signed.sha256,
        certificateSha256: cert.sha256,
        signatures: list.length + 1,
      },
    });
    await mailCompletion(tx, c, doc, current, list, completedAt);
    if (current.currentKey !== current.versionKey) {
      await enqueueJob(
        tx,
        SIGNING_JOBS.deleteBlobs,
        { keys: [current.currentKey] },
        { runAt: completedAt, tenant: current.organizationId },
      );
    }
    return true;
  });
  if (!done) {
    await c.blobs.delete(signed.key).catch(() => undefined);
    await c.blobs.delete(cert.key).catch(() => undefined);
  }
}

/** A PDF problem that every retry would meet again ends the job at once (onGiveUp then fails the round). */
async function permanentOnPdfProblem<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isPermanentPdfFailure(err)) throw new PermanentJobError(`${err.problem}: ${err.message}`);
    throw err;
  }
}

/** Every signee gets a new link to SigningComplete; the sender (unless also a signee) the document page. */
async function mailCompletion(
  tx: Tx,
  c: JobContext,
  doc: DocumentRow,
  process: ProcessRow,
  list: SigneeRow[],
  at: Date,
): Promise<void> {
  const place = { organizationId: process.organizationId, documentId: doc.id, processId: process.id, at };
  for (const to of await signeeRecipients(tx, process, list)) {
    const token = await issueSigneeLink(tx, {
      signeeId: to.signeeId,
      processId: process.id,
      kind: 'completed',
    });
    await mailAndRecord(tx, c.clock, place, to, 'signing-completed', {
      documentName: doc.name,
      link: links.signed(c, token),
    });
  }
  const email = await notifySender(tx, at, process, 'signing-completed', undefined, { ownMail: true });
  // The sender's settings decide: this e-mail now, a line in their digest, or nothing.
  const sender = email === 'mail' ? await senderRecipient(tx, process, list) : null;
  if (sender) {
    await mailAndRecord(tx, c.clock, place, sender, 'signing-completed', {
      documentName: doc.name,
      link: links.document(c, doc.id),
    });
  }
}
