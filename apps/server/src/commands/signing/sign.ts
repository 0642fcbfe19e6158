import { and, eq, ne } from 'drizzle-orm';
import { signatures, signees, signingProcesses, signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { pastExpiry, roundExpiredError } from './expiry.ts';
import { AppError } from '../../lib/errors.ts';
import { faultPoint } from '../../lib/fault-points.ts';
import {
  findProcess,
  findSignee,
  lockProcess,
  type ProcessRow,
  type SigneeRow,
} from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { addSignature, signingCaFromConfig, timestampingFor } from '../../services/pdf/index.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { SIGNING_JOBS, fullNameOf, readPdf, signeeActor, storePdf, type ClientInfo } from './common.ts';
import { failRoundOn } from './fail-round.ts';
import { pdfRun } from './pdf-run.ts';
import { liveSession, lockSession } from './session-live.ts';
import { checkSignatureImage, signatureMarkOf, type SignatureInput } from './signature-image.ts';
import { notifySender } from '../notifications/notify.ts';

export type { SignatureInput } from './signature-image.ts';

/**
 * Signs for the session's signee (only after the e-mailed code was confirmed). The slow part runs first,
 * outside any lock: the signature is added to the working copy as it is now (layout in a PDF worker, CMS
 * here) and stored. Then, under the round's row lock, everything is re-checked; if another signature
 * landed meanwhile, the work is redone on top of it (signatures never interleave). The last signature
 * hands the round to the seal job.
 */
export async function signAsSignee(
  ctx: AppContext,
  providers: SigningProviders,
  sessionToken: string,
  signature: SignatureInput,
  client: ClientInfo,
): Promise<{ redirect: string }> {
  const target = await liveSession(ctx, sessionToken);
  if (!target.session.viewedAt) {
    throw new AppError('CONFLICT', 'Open the document before signing it.').because('DOCUMENT_NOT_VIEWED');
  }
  if (!target.session.codeVerifiedAt) {
    throw new AppError('CONFLICT', 'Confirm the code sent to your e-mail before signing.').because(
      'CODE_NOT_CONFIRMED',
    );
  }
  const image = signature.kind === 'drawn' ? checkSignatureImage(signature.image) : null;
  const provider = providers.forLevel(target.signee.level);
  if (!provider) {
    throw new AppError('CONFLICT', "No signing provider serves this signee's level.").because(
      'NO_PROVIDER_FOR_LEVEL',
    );
  }
  const mark = await signatureMarkOf(pdfRun(ctx, target.process.organizationId), signature);
  const ca = await signingCaFromConfig(ctx.config.signing);
  const tsa = timestampingFor(ctx.config.signing, ca);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await findProcess(ctx.db, target.process.id);
    const now = ctx.clock.now();
    const { process: before, signee } = signable(found, await findSignee(ctx.db, target.signee.id), now);
    let pdf: Uint8Array;
    try {
      pdf = await addSignature(await readPdf(ctx.blobs, before.currentKey), {
        signer: { name: fullNameOf(signee), email: signee.email },
        method: provider.methodLabel(before.lang),
        signedAt: now,
        stampSlot: signee.slot,
        mark,
        lang: before.lang,
        ca,
        tsa,
        run: pdfRun(ctx, before.organizationId),
      });
    } catch (err) {
      throw await failRoundOn(ctx, before.id, err);
    }
    const stored = await storePdf(ctx.blobs, before.organizationId, pdf);
    await faultPoint('signing.signed-pdf-stored');
    let done: { redirect: string } | null = null;
    try {
      done = await ctx.db.transaction(async (tx) => {
        const locked = await lockProcess(tx, target.process.id);
        const session = await lockSession(tx, target.session.id, now);
        const { process, signee } = signable(locked, await findSignee(tx, target.signee.id), now);
        if (!session.codeVerifiedAt) {
          throw new AppError('CONFLICT', 'Confirm the code before signing.').because('CODE_NOT_CONFIRMED');
        }
        if (process.currentKey !== before.currentKey) return null;
        await tx
          .update(signingProcesses)
          .set({ currentKey: stored.key, currentSha256: stored.sha256 })
          .where(eq(signingProcesses.id, process.id));
        await tx.insert(signatures).values({
          processId: process.id,
          signeeId: signee.id,
          kind: signature.kind,
          image: signature.kind === 'drawn' ? signature.image : null,
          text: signature.kind === 'typed' ? signature.text : null,
          imageSha256: image?.sha256 ?? null,
          pdfSha256: stored.sha256,
          signedAt: now,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        await tx
          .update(signees)
          .set({ status: 'signed', signedAt: now, updatedAt: now })
          .where(eq(signees.id, signee.id));
        await tx
          .update(signingSessions)
          .set({ endedAt: now, endReason: 'signed' })
          .where(eq(signingSessions.id, session.id));
        await appendSigningEvent(tx, {
          organizationId: process.organizationId,
          documentId: process.documentId,
          processId: process.id,
          signeeId: signee.id,
          type: 'signed',
          at: now,
          actor: signeeActor(signee, client),
          data: {
            method: provider.id,
            level: signee.level,
            signature:
              signature.kind === 'typed'
                ? { kind: 'typed', text: signature.text }
                : { kind: 'drawn', ...image },
            intent: true,
            before: process.currentSha256,
            after: stored.sha256,
          },
        });
        await notifySender(tx, now, process, 'signee-signed', {
          name: fullNameOf(signee),
          email: signee.email,
        });
        const waiting = await tx
          .select({ id: signees.id })
          .from(signees)
          .where(and(eq(signees.documentId, process.documentId), ne(signees.status, 'signed')))
          .limit(1);
        if (waiting.length === 0) {
          await tx
            .update(signingProcesses)
            .set({ state: 'sealing' })
            .where(eq(signingProcesses.id, process.id));
          await enqueueJob(
            tx,
            SIGNING_JOBS.seal,
            { processId: process.id },
            {
              runAt: now,
              dedupeKey: `${SIGNING_JOBS.seal}:${process.id}`,
              maxAttempts: 8,
              tenant: process.organizationId,
            },
          );
        }
        if (process.currentKey !== process.versionKey) {
          await enqueueJob(
            tx,
            SIGNING_JOBS.deleteBlobs,
            { keys: [process.currentKey] },
            { runAt: now, tenant: process.organizationId },
          );
        }
        return { redirect: `/public/signing/success/${process.documentId}` };
      });
    } finally {
      if (!done) await ctx.blobs.delete(stored.key).catch(() => undefined);
    }
    if (done) return done;
  }
  throw new AppError('CONFLICT', 'Others are signing this document at the same moment. Try again.').because(
    'SIGNING_LOCKED',
  );
}

/** Signatures redone when others land first; past this the signee is asked to try again. */
const MAX_ATTEMPTS = 3;

/** The round and the signee, if the round can still take their signature (409 otherwise). */
function signable(
  process: ProcessRow | null,
  signee: SigneeRow | null,
  now: Date,
): { process: ProcessRow; signee: SigneeRow & { slot: number } } {
  if (!process || process.state !== 'signing' || !signee) {
    throw new AppError('CONFLICT', 'This document can no longer be signed.').because('SIGNING_CANCELLED');
  }
  if (pastExpiry(process, now)) throw roundExpiredError();
  if (signee.status === 'signed') {
    throw new AppError('CONFLICT', 'You have already signed this document.').because('ALREADY_SIGNED');
  }
  if (signee.slot === null) throw new Error(`Signee ${signee.id} has no place on the signature page`);
  return { process, signee: { ...signee, slot: signee.slot } };
}
