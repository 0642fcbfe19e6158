import { P, api, type SendOptions } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { cancelSigning } from '../../commands/signing/cancel.ts';
import { signeesFor } from '../../commands/signing/list.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { sendForSigning } from '../../commands/signing/send.ts';
import { addSignee, removeSignee } from '../../commands/signing/signees.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeDocument, authorizeSignee, documentAbilities } from '../../policies/documents.ts';
import { presentDocument } from '../../presenters/document.ts';
import { presentSignee } from '../../presenters/signee.ts';
import { signaturePricesOf } from '../../queries/billing.ts';
import { levelOfSignee } from '../../commands/billing/charge.ts';
import { methodNames as methodNamesOf } from '../../queries/signing/methods.ts';

/** Signees, levels, send and cancel: members of the document's organization (SPEC §4.1, §6). */
export function registerSigningMemberRoutes(app: FastifyInstance): void {
  const providers = signingProvidersOf(app.ctx.config);

  defineRoute(
    app,
    api.signing.addSignee,
  )(async ({ params, body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.docId);
    const row = await addSignee(ctx, actor, providers, doc, body);
    const methodNames = await methodNamesOf(ctx.db, ctx.config.publicUrl);
    const view = { callerEmail: actor.account.email.toLowerCase(), methodNames };
    return { status: 'OK', signee: presentSignee(row, view) };
  });

  defineRoute(
    app,
    api.signing.signees,
  )(async ({ params, actor, ctx, req }) => {
    const secret = req.headers['session-id'];
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    const { signees, currentGroup, ordered } = await signeesFor(
      ctx,
      actor,
      doc,
      typeof secret === 'string' ? secret : null,
    );
    // Sign now (issue 12 item 5) exactly when the caller's own entry carries a link: signeesFor gives one
    // only to the caller's own unsigned entry while the round is open.
    // Signing order: only when it is the caller's turn (their group is the current one).
    const signNow = signees.some(
      (s) => s.isMe && s.signingLink !== undefined && (currentGroup === null || s.group <= currentGroup),
    );
    return {
      status: 'OK',
      signees,
      currentGroup,
      ordered,
      abilities: { ...documentAbilities(actor, doc, signees.length), signNow },
    };
  });

  defineRoute(
    app,
    api.signing.deleteSignee,
  )(async ({ params, actor, ctx }) => {
    const { doc, signee } = await authorizeSignee(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    await removeSignee(ctx, actor, doc, signee);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.signing.levels,
  )(async ({ actor, ctx }) => {
    const [names, prices] = await Promise.all([
      methodNamesOf(ctx.db, ctx.config.publicUrl),
      signaturePricesOf(ctx.db, actor.membership.organization.plan),
    ]);
    const methods = providers.methods().map((m) => ({
      id: m.id,
      name: names.get(m.id) ?? m.id,
      level: m.level,
      priceCents: prices.get(levelOfSignee(m.level)) ?? null,
      test: m.test,
    }));
    return {
      status: 'OK',
      levels: providers.levels(),
      default: providers.defaultLevel(),
      methods,
      fallback: providers.fallback(),
    };
  });

  const send = async (
    { docId }: { docId: string },
    actor: OrganizationActor,
    ctx: AppContext,
    options: SendOptions,
  ) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, docId);
    const result = await sendForSigning(ctx, actor, providers, doc, options);
    if (result.status === 'OK') return { status: 'OK' as const, document: presentDocument(result.document) };
    return {
      status: 'LIMIT_LOW_BALANCE' as const,
      document: presentDocument(result.document),
      balance: result.balance,
      required: result.required,
    };
  };
  // SPEC §7.5's GET sends with the default options; the POST carries the sender's choices (decisions.md).
  defineRoute(
    app,
    api.signing.send,
  )(async ({ params, query, actor, ctx }) =>
    send(params, actor, ctx, { acceptRewrite: query.acceptRewrite }),
  );
  defineRoute(
    app,
    api.signing.sendWithOptions,
  )(async ({ params, body, actor, ctx }) => send(params, actor, ctx, body));

  defineRoute(
    app,
    api.signing.cancel,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.docId);
    const row = await cancelSigning(ctx, actor, doc);
    return { status: 'OK', document: presentDocument(row) };
  });
}
