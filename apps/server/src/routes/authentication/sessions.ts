import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../commands/audit.ts';
import { endSession } from '../../commands/sessions.ts';
import { auditOf } from '../../http/audit.ts';
import type { AccountActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { defineRoute } from '../../http/route.ts';
import { settleTouch } from '../../http/last-use.ts';
import { notFound } from '../../lib/errors.ts';
import { presentSessionInfo } from '../../presenters/session-info.ts';
import { listActiveSessions } from '../../queries/sessions.ts';

/**
 * The account's live sessions, with the caller's own use of it now recorded first: its touch does not hold
 * calls (http/last-use.ts), and the list shows when each session was last used.
 */
async function liveSessions(ctx: AppContext, actor: AccountActor) {
  await settleTouch(actor.sessionId);
  return listActiveSessions(ctx.db, actor.account.id, ctx.clock.now());
}

/** Listing and ending the account's own sessions (profile → Sessions). */
export function registerSessionRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.authentication.sessionsFull,
  )(async ({ actor, ctx }) => {
    const rows = await liveSessions(ctx, actor);
    return { status: 'OK', sessions: rows.map((r) => presentSessionInfo(r, actor.sessionId)) };
  });

  defineRoute(
    app,
    api.authentication.sessionsMinimal,
  )(async ({ actor, ctx }) => {
    const rows = await liveSessions(ctx, actor);
    return {
      status: 'OK',
      sessions: rows.map((r) => {
        const { id, updated, current } = presentSessionInfo(r, actor.sessionId);
        return { id, updated, current };
      }),
    };
  });

  defineRoute(
    app,
    api.authentication.invalidate,
  )(async ({ actor, params, ctx }) => {
    const ended = await endSession(ctx.db, ctx.clock, actor.account.id, params.id);
    if (!ended) throw notFound('Session not found.');
    await recordAudit(ctx.db, auditOf(actor), 'session.ended', {
      subjectId: params.id,
      data: { current: params.id === actor.sessionId },
    });
    return { status: 'OK' };
  });
}
