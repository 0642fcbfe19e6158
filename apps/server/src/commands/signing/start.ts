import { createHmac } from 'node:crypto';
import type { AppContext } from '../../http/context.ts';
import { pastExpiry, roundExpiredError } from './expiry.ts';
import { AppError } from '../../lib/errors.ts';
import { signeeLanguages, type SigneeLanguage } from '../../queries/signing/languages.ts';
import { findByLink, type LinkTarget } from '../../queries/signing/links.ts';
import { systemAccess } from '../../policies/system.ts';
import {
  findSignee,
  listSignees,
  lockProcess,
  openSessionsOf,
  type ProcessRow,
} from '../../queries/signing/signees.ts';
import { namesOf, notYourTurnError, signBefore } from './order.ts';
import { signeeLinks } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SigningProviders, SigningStart } from '../../services/signing-providers/index.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { declinedError } from './decline.ts';
import { fullNameOf, hashSecret, languageOf, signeeActor, toLevel, type ClientInfo } from './common.ts';
import { requesterName } from './people.ts';
import { addWaiter } from './lock-waiters.ts';
import { endExpiredSessions, endIdleSessions } from './sessions.ts';
import { embedOriginsOf } from '../../queries/embedding.ts';

export interface SigneeStatus {
  found: boolean;
  /** Not found because the link's round passed its expiry day. */
  expired?: boolean;
  locked: boolean;
  /** A signee declined; the round has ended. */
  declined?: boolean;
  /** Signing order: earlier groups sign first; these (names, else addresses) have not signed yet. */
  waitingFor?: string[];
  /** While locked: when the holder's 60 minutes end (it frees earlier when they finish, leave or idle). */
  lockedUntil?: Date;
  signed: boolean;
  completed: boolean;
  documentName?: string;
  signeeName?: string;
  organizationName?: string;
  /** Origins allowed to frame the signing pages of the sending organization (embedded signing). */
  embedOrigins?: string[];
  /** The signee's language: the one they last signed in, else the one the sender chose for them. */
  lang?: SigneeLanguage;
}

/** A link leads somewhere only while its round is not cancelled. */
export async function liveLink(db: DbOrTx, token: string): Promise<LinkTarget | null> {
  const target = await findByLink(db, token);
  return target && target.process.state !== 'cancelled' ? target : null;
}

/** Until when another signee holds the round (their session's end), or null when nobody else does. */
async function lockedByOther(
  db: DbOrTx,
  process: ProcessRow,
  signeeId: string,
  now: Date,
): Promise<Date | null> {
  const others = (await openSessionsOf(db, process.id, now)).filter((s) => s.signeeId !== signeeId);
  if (others.length === 0) return null;
  return new Date(Math.max(...others.map((s) => s.expiresAt.getTime())));
}

/** SigningStart's variants: notFound, signed, locked (another signee is inside a session), or normal. */
export async function signeeStatus(ctx: AppContext, token: string): Promise<SigneeStatus> {
  const target = await findByLink(ctx.db, token);
  if (target?.process.declinedAt) {
    return {
      found: true,
      locked: false,
      signed: false,
      completed: false,
      declined: true,
      documentName: target.document.name,
      signeeName: fullNameOf(target.signee),
      embedOrigins: await embedOriginsOf(ctx.db, target.process.organizationId),
    };
  }
  const now = ctx.clock.now();
  if (!target || target.process.state === 'cancelled' || pastExpiry(target.process, now)) {
    const expired = target?.process.endReason === 'expired' || (!!target && pastExpiry(target.process, now));
    return { found: false, locked: false, signed: false, completed: false, ...(expired ? { expired } : {}) };
  }
  const signed = target.signee.status === 'signed';
  const first =
    !signed && target.process.state === 'signing'
      ? signBefore(await listSignees(ctx.db, target.document.id), target.signee)
      : [];
  const lockedUntil =
    !signed && target.process.state === 'signing'
      ? await lockedByOther(ctx.db, target.process, target.signee.id, now)
      : null;
  // Found locked: this signee is e-mailed once when it frees up (lock-waiters.ts).
  if (lockedUntil) await addWaiter(ctx.db, target.process.id, target.signee.id, now);
  return {
    found: true,
    locked: lockedUntil !== null,
    ...(lockedUntil ? { lockedUntil } : {}),
    signed,
    ...(first.length > 0 ? { waitingFor: namesOf(first) } : {}),
    completed: target.process.state === 'completed',
    documentName: target.document.name,
    signeeName: fullNameOf(target.signee),
    organizationName: (await requesterName(ctx.db, target.process)) ?? undefined,
    embedOrigins: await embedOriginsOf(ctx.db, target.process.organizationId),
    lang: (await signeeLanguages(ctx.db, target.process.id)).get(target.signee.id) ?? target.signee.language,
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
    const target = await findByLink(tx, token);
    const invalid = () =>
      new AppError('NOT_FOUND', 'This signing link is no longer valid.').because('SIGNING_LINK_INVALID');
    if (target?.process.declinedAt) throw declinedError();
    if (!target || target.process.state === 'cancelled') throw invalid();
    const process = await lockProcess(tx, target.process.id);
    const signee = await findSignee(tx, systemAccess('signing-token', target.document), target.signee.id);
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
    if (pastExpiry(process, now)) throw roundExpiredError();
    // Signing order: a signee of a later group is told who signs first (not a lock; nothing is sent).
    const first = signBefore(await listSignees(tx, process.documentId), signee);
    if (first.length > 0) throw notYourTurnError(namesOf(first));
    await endExpiredSessions(tx, process, now);
    const lockedUntil = await lockedByOther(tx, process, signee.id, now);
    if (lockedUntil) {
      throw new AppError(
        'CONFLICT',
        'Another signee is signing this document right now. Try again shortly.',
      ).because('SIGNING_LOCKED', { lockedUntil: lockedUntil.toISOString() });
    }
    await endIdleSessions(tx, process, signee.id, now);
    if (providers.method(signee.method)?.level !== signee.level) {
      throw new AppError('CONFLICT', "No signing provider serves this signee's method.").because(
        'NO_PROVIDER_FOR_LEVEL',
      );
    }
    const started = await providers.page.begin(
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
        lang: languageOf(lang, (await signeeLanguages(tx, process.id)).get(signee.id) ?? signee.language),
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
      data: {
        provider: providers.page.id,
        method: signee.method,
        link: target.kind,
        expiresAt: started.expiresAt.toISOString(),
      },
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
