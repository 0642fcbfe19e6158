import { and, eq, ne } from 'drizzle-orm';
import { signatures, signees, signingProcesses, signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findSignee, lockProcess } from '../../queries/signing/signees.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { addSignature, signingCaFromConfig } from '../../services/pdf/index.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { SIGNING_JOBS, fullNameOf, readAll, signeeActor, storePdf, type ClientInfo } from './common.ts';
import { liveSession, lockSession } from './session-live.ts';
import { checkSignatureImage } from './signature-image.ts';

export type SignatureInput = { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };

/**
 * Signs for the session's signee (only after the e-mailed code was confirmed): adds their signature to
 * the working copy as an incremental update, at once, under the round's row lock (no other signature
 * can interleave). The last signature hands the round to the seal job.
 */
export async function signAsSignee(
  ctx: AppContext,
  providers: SigningProviders,
  sessionToken: string,
  signature: SignatureInput,
  client: ClientInfo,
): Promise<{ redirect: string }> {
  const target = await liveSession(ctx, sessionToken);
  if (!target.session.viewedAt)
    throw new AppError('CONFLICT', 'Open the document before signing it.').because('DOCUMENT_NOT_VIEWED');
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
  const ca = await signingCaFromConfig(ctx.config.signing);
  let written: string | null = null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const process = await lockProcess(tx, target.process.id);
      const now = ctx.clock.now();
      const session = await lockSession(tx, target.session.id, now);
      const signee = await findSignee(tx, target.signee.id);
      if (!process || process.state !== 'signing' || !signee) {
        throw new AppError('CONFLICT', 'This document can no longer be signed.').because('SIGNING_CANCELLED');
      }
      if (!session.codeVerifiedAt) {
        throw new AppError('CONFLICT', 'Confirm the code before signing.').because('CODE_NOT_CONFIRMED');
      }
      if (signee.status === 'signed')
        throw new AppError('CONFLICT', 'You have already signed this document.').because('ALREADY_SIGNED');
      if (signee.slot === null) throw new Error(`Signee ${signee.id} has no place on the signature page`);
      const pdf = await addSignature(await readAll(ctx.blobs, process.currentKey), {
        signer: { name: fullNameOf(signee), email: signee.email },
        method: provider.methodLabel(process.lang),
        signedAt: now,
        stampSlot: signee.slot,
        lang: process.lang,
        ca,
        tsa: ctx.config.signing.tsa,
      });
      const stored = await storePdf(ctx.blobs, process.organizationId, pdf);
      written = stored.key;
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
          { runAt: now, dedupeKey: `${SIGNING_JOBS.seal}:${process.id}`, maxAttempts: 8 },
        );
      }
      if (process.currentKey !== process.versionKey) {
        await enqueueJob(tx, SIGNING_JOBS.deleteBlobs, { keys: [process.currentKey] }, { runAt: now });
      }
      return { redirect: `/public/signing/success/${process.documentId}` };
    });
  } catch (err) {
    if (written) await ctx.blobs.delete(written).catch(() => undefined);
    throw err;
  }
}
