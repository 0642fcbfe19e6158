import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { remindSignees } from '../../commands/signing/remind.ts';
import { defineRoute } from '../../http/route.ts';
import { can } from '../../policies/index.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { quoteSending } from '../../queries/signing/quote.ts';

/** The send dialog's quote and the sender's reminders (issue 12 items 6 and 7). */
export function registerSigningFollowUpRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.signing.quote,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.docId);
    const quote = await quoteSending(
      ctx.db,
      doc,
      actor.membership.organization,
      can(actor, P.ORG_VIEW_BALANCE),
      ctx.clock.now(),
      ctx.config.publicUrl,
    );
    return { status: 'OK', quote };
  });

  defineRoute(
    app,
    api.signing.remind,
  )(async ({ params, body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.docId);
    const result = await remindSignees(ctx, actor, doc, body.signeeId);
    return { status: 'OK', reminded: result.reminded, nextReminderAt: result.nextReminderAt.toISOString() };
  });
}
