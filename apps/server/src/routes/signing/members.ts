import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { cancelSigning } from '../../commands/signing/cancel.ts';
import { signeesFor } from '../../commands/signing/list.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { sendForSigning } from '../../commands/signing/send.ts';
import { addSignee, removeSignee } from '../../commands/signing/signees.ts';
import { defineRoute } from '../../http/route.ts';
import { presentDocument } from '../../presenters/document.ts';
import { presentSignee } from '../../presenters/signee.ts';

/** Signees, levels, send and cancel: members of the document's organization (SPEC §4.1, §6). */
export function registerSigningMemberRoutes(app: FastifyInstance): void {
  const providers = signingProvidersOf(app.ctx.config);

  defineRoute(
    app,
    api.signing.addSignee,
  )(async ({ params, body, actor, ctx }) => {
    const row = await addSignee(ctx, actor, providers, params.docId, body);
    return { status: 'OK', signee: presentSignee(row, { callerEmail: actor.account.email.toLowerCase() }) };
  });

  defineRoute(
    app,
    api.signing.signees,
  )(async ({ params, actor, ctx, req }) => {
    const secret = req.headers['session-id'];
    const signees = await signeesFor(ctx, actor, params.docId, typeof secret === 'string' ? secret : null);
    return { status: 'OK', signees };
  });

  defineRoute(
    app,
    api.signing.deleteSignee,
  )(async ({ params, actor, ctx }) => {
    await removeSignee(ctx, actor, params.id);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.signing.levels,
  )(async () => ({ status: 'OK', levels: providers.levels(), default: providers.defaultLevel() }));

  defineRoute(
    app,
    api.signing.send,
  )(async ({ params, actor, ctx }) => {
    const result = await sendForSigning(ctx, actor, providers, params.docId);
    if (result.status === 'OK') return { status: 'OK', document: presentDocument(result.document) };
    return {
      status: 'LIMIT_LOW_BALANCE',
      document: presentDocument(result.document),
      balance: result.balance,
      required: result.required,
    };
  });

  defineRoute(
    app,
    api.signing.cancel,
  )(async ({ params, actor, ctx }) => {
    const row = await cancelSigning(ctx, actor, params.docId);
    return { status: 'OK', document: presentDocument(row) };
  });
}
