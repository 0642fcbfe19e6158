import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  flowOfLevel,
  SIGNING_CODE_LENGTH,
  SIGNING_CODE_MAX_ATTEMPTS,
  SIGNING_CODE_MAX_SENDS,
  SIGNING_CODE_RESEND_MS,
  SIGNING_CODE_TTL_MS,
  type ErrorReason,
} from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { SessionRow } from '../../queries/signing/signees.ts';
import { enqueueMail } from '../../services/mail/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { fullNameOf, signeeActor, type ClientInfo } from './common.ts';
import { liveSession, lockSession } from './session-live.ts';

const codeHash = (sessionId: string, code: string) => sha256Hex(`signing-code:${sessionId}:${code}`);
const seconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/**
 * E-mails a new 6-digit code (replacing any earlier one): valid 10 minutes, 5 tries. At most one code a
 * minute and 5 per session (429 with Retry-After).
 */
export async function sendCode(ctx: AppContext, sessionToken: string, client: ClientInfo) {
  const target = await liveSession(ctx, sessionToken);
  if (flowOfLevel(target.signee.level) !== 'code') {
    // An eID or the QTSP proves who signs: no e-mailed code (docs/decisions.md, "eID signing").
    throw new AppError('CONFLICT', 'This signee identifies with an eID, not with an e-mailed code.').because(
      'WRONG_SIGNING_FLOW',
    );
  }
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const session = await lockSession(tx, target.session.id, now);
    if (session.codeVerifiedAt) {
      throw new AppError('CONFLICT', 'The code has already been confirmed.').because(
        'CODE_ALREADY_CONFIRMED',
      );
    }
    if (session.codeSends >= SIGNING_CODE_MAX_SENDS) {
      throw new AppError(
        'RATE_LIMITED',
        'No more codes can be sent in this signing session. Start again from your signing link later.',
        undefined,
        { 'retry-after': seconds(session.expiresAt.getTime() - now.getTime()) },
      ).because('CODE_SENDS_EXHAUSTED', {
        retryAfterSeconds: Number(seconds(session.expiresAt.getTime() - now.getTime())),
      });
    }
    const wait = session.codeSentAt
      ? session.codeSentAt.getTime() + SIGNING_CODE_RESEND_MS - now.getTime()
      : 0;
    if (wait > 0) {
      throw new AppError(
        'RATE_LIMITED',
        'A code was sent a moment ago. Wait a minute before asking again.',
        undefined,
        { 'retry-after': seconds(wait) },
      ).because('CODE_RESEND_WAIT', { retryAfterSeconds: Number(seconds(wait)) });
    }
    await reserveMailQuota(tx, ctx.clock, ctx.config.mail, {
      organizationId: target.process.organizationId,
      recipients: [target.signee.email],
    });
    const code = String(randomInt(0, 10 ** SIGNING_CODE_LENGTH)).padStart(SIGNING_CODE_LENGTH, '0');
    const codeExpiresAt = new Date(now.getTime() + SIGNING_CODE_TTL_MS);
    await tx
      .update(signingSessions)
      .set({
        codeHash: codeHash(session.id, code),
        codeSentAt: now,
        codeExpiresAt,
        codeAttempts: 0,
        codeSends: session.codeSends + 1,
      })
      .where(eq(signingSessions.id, session.id));
    await enqueueMail(
      tx,
      ctx.clock,
      {
        to: target.signee.email,
        toName: fullNameOf(target.signee),
        lang: session.lang,
        template: 'signing-code',
        data: { code, documentName: target.document.name, minutes: SIGNING_CODE_TTL_MS / 60_000 },
      },
      target.process.organizationId,
    );
    await appendSigningEvent(tx, {
      organizationId: target.process.organizationId,
      documentId: target.process.documentId,
      processId: target.process.id,
      signeeId: target.signee.id,
      type: 'code-sent',
      at: now,
      actor: signeeActor(target.signee, client),
      data: { to: target.signee.email, number: session.codeSends + 1 },
    });
    return {
      codeSentAt: now,
      codeExpiresAt,
      resendAt: new Date(now.getTime() + SIGNING_CODE_RESEND_MS),
    };
  });
}

type CodeProblem = { message: string; reason: ErrorReason };

function codeProblem(session: SessionRow, now: Date): CodeProblem | null {
  if (!session.codeHash || !session.codeExpiresAt) {
    return { message: 'Ask for a code first.', reason: 'CODE_NOT_SENT' };
  }
  if (session.codeExpiresAt.getTime() <= now.getTime()) {
    return { message: 'The code has expired. Ask for a new code.', reason: 'CODE_EXPIRED' };
  }
  if (session.codeAttempts >= SIGNING_CODE_MAX_ATTEMPTS) {
    return {
      message: 'The code was entered wrong too many times. Ask for a new code.',
      reason: 'CODE_EXPIRED',
    };
  }
  return null;
}

/**
 * Checks the code: right → the session may sign; wrong → one try fewer (the fifth wrong try kills the
 * code); expired or dead → CONFLICT. A failed try is recorded before the error is answered.
 */
export async function verifyCode(ctx: AppContext, sessionToken: string, code: string, client: ClientInfo) {
  const target = await liveSession(ctx, sessionToken);
  type Outcome = { ok: true } | { ok: false; conflict: CodeProblem } | { ok: false; left: number };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const session = await lockSession(tx, target.session.id, now);
    if (session.codeVerifiedAt) return { ok: true };
    const problem = codeProblem(session, now);
    if (problem) return { ok: false, conflict: problem };
    const expected = Buffer.from(session.codeHash ?? '', 'hex');
    const given = Buffer.from(codeHash(session.id, code), 'hex');
    const right = expected.length === given.length && timingSafeEqual(expected, given);
    const attempts = session.codeAttempts + (right ? 0 : 1);
    await tx
      .update(signingSessions)
      .set(right ? { codeVerifiedAt: now, codeHash: null } : { codeAttempts: attempts })
      .where(eq(signingSessions.id, session.id));
    const left = SIGNING_CODE_MAX_ATTEMPTS - attempts;
    await appendSigningEvent(tx, {
      organizationId: target.process.organizationId,
      documentId: target.process.documentId,
      processId: target.process.id,
      signeeId: target.signee.id,
      type: right ? 'code-verified' : 'code-failed',
      at: now,
      actor: signeeActor(target.signee, client),
      data: right ? {} : { attemptsLeft: left },
    });
    return right ? { ok: true } : { ok: false, left };
  });
  if (outcome.ok) return;
  if ('conflict' in outcome) {
    throw new AppError('CONFLICT', outcome.conflict.message).because(outcome.conflict.reason);
  }
  const message =
    outcome.left > 0
      ? `The code is not right. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`
      : 'The code is not right, and it cannot be used any more. Ask for a new code.';
  throw new AppError('VALIDATION_FAILED', message, { code: message }).because('CODE_WRONG', {
    attemptsLeft: Math.max(0, outcome.left),
  });
}
