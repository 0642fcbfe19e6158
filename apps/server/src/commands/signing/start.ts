import { createHmac } from 'node:crypto';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findByLink, type LinkTarget } from '../../queries/signing/links.ts';
import { findSignee, lockProcess, openSessionsOf, type ProcessRow } from '../../queries/signing/signees.ts';
import { signeeLinks } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SigningProviders, SigningStart } from '../../services/signing-providers/index.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { fullNameOf, hashSecret, languageOf, signeeActor, toLevel, type ClientInfo } from './common.ts';
import { endExpiredSessions } from './sessions.ts';

export interface SigneeStatus {
  found: boolean;
  locked: boolean;
  signed: boolean;
  completed: boolean;
  documentName?: string;
  signeeName?: string;
}

/** A link leads somewhere only while its round is not cancelled. */
export async function liveLink(db: DbOrTx, token: string): Promise<LinkTarget | null> {
  const target = await findByLink(db, token);
  return target && target.process.state !== 'cancelled' ? target : null;
}

async function lockedByOther(db: DbOrTx, process: ProcessRow, signeeId: string, now: Date): Promise<boolean> {
  const open = await openSessionsOf(db, process.id, now);
  return open.some((s) => s.signeeId !== signeeId);
}

/** SigningStart's variants: notFound, signed, locked (another signee is inside a session), or normal. */
export async function signeeStatus(ctx: AppContext, token: string): Promise<SigneeStatus> {
  const target = await liveLink(ctx.db, token);
  if (!target) return { found: false, locked: false, signed: false, completed: false };
  const signed = target.signee.status === 'signed';
  const locked =
    !signed &&
    target.process.state === 'signing' &&
    (await lockedByOther(ctx.db, target.process, target.signee.id, ctx.clock.now()));
  return {
    found: true,
    locked,
    signed,
    completed: target.process.state === 'completed',
    documentName: target.document.name,
    signeeName: fullNameOf(target.signee),
  };
}

/**
 * Starts (or resumes) the signee's signing with the provider of its level. Under the round's row lock,
 * so two signees starting at once cannot both get in: the second sees the first one's open session (409).
 */
export async function startSigning(
  ctx: AppContext,
  providers: SigningProviders,
  token: string,
  lang: string | undefined,
  client: ClientInfo,
): Promise<SigningStart> {
  return ctx.db.transaction(async (tx) => {
    const target = await liveLink(tx, token);
    const invalid = () =>
      new AppError('NOT_FOUND', 'This signing link is no longer valid.').because('SIGNING_LINK_INVALID');
    if (!target) throw invalid();
    const process = await lockProcess(tx, target.process.id);
    const signee = await findSignee(tx, target.signee.id);
    if (!process || !signee || process.state === 'cancelled') {
      throw invalid();
    }
    if (signee.status === 'signed') {
      throw new AppError('CONFLICT', 'You have already signed this document.').because('ALREADY_SIGNED');
    }
    if (process.state !== 'signing') {
      throw new AppError('CONFLICT', 'The document has already been signed.').because('SIGNING_COMPLETE');
    }
    const now = ctx.clock.now();
    await endExpiredSessions(tx, process, now);
    if (await lockedByOther(tx, process, signee.id, now)) {
      throw new AppError(
        'CONFLICT',
        'Another signee is signing this document right now. Try again shortly.',
      ).because('SIGNING_LOCKED');
    }
    const provider = providers.forLevel(signee.level);
    if (!provider) {
      throw new AppError('CONFLICT', "No signing provider serves this signee's level.").because(
        'NO_PROVIDER_FOR_LEVEL',
      );
    }
    const started = await provider.begin(
      {
        processId: process.id,
        signee: {
          id: signee.id,
          name: fullNameOf(signee),
          email: signee.email,
          level: toLevel(signee.level),
        },
        document: {
          id: target.document.id,
          name: target.document.name,
          versionSha256: process.versionSha256,
        },
        lang: languageOf(lang, process.lang),
        now,
      },
      tx,
    );
    await appendSigningEvent(tx, {
      organizationId: process.organizationId,
      documentId: process.documentId,
      processId: process.id,
      signeeId: signee.id,
      type: 'opened',
      at: now,
      actor: signeeActor(signee, client),
      data: { provider: provider.id, link: target.kind, expiresAt: started.expiresAt.toISOString() },
    });
    return started;
  });
}

/**
 * The signing link of a member who is a signee, for the signees list: derived from the caller's own
 * session secret (HMAC), so it is stable across polls, unknowable without that secret, and stored only
 * as a hash like every other link.
 */
export async function selfLink(
  db: DbOrTx,
  sessionSecret: string,
  signeeId: string,
  processId: string,
): Promise<string> {
  const token = createHmac('sha256', sessionSecret)
    .update(`sinetti.signee-link:${processId}:${signeeId}`)
    .digest('base64url');
  await db
    .insert(signeeLinks)
    .values({ tokenHash: hashSecret(token), signeeId, processId, kind: 'self' })
    .onConflictDoNothing({ target: signeeLinks.tokenHash });
  return token;
}
