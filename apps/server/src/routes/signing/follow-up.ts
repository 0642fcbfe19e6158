import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { remindSignees } from '../../commands/signing/remind.ts';
import { defineRoute } from '../../http/route.ts';
import { can } from '../../policies/index.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { quoteSending } from '../../queries/signing/quote.ts';
import { currentFindings } from '../../commands/documents/pdf-findings.ts';

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
    // What the sender is warned about before sending (issue #30 item 4).
    const pdfFindings = await currentFindings(ctx, doc);
    return { status: 'OK', quote: { ...quote, pdfFindings } };
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
