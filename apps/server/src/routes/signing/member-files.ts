import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { getChainAnchor } from '../../commands/signing/audit-anchor.ts';
import { verifyChain } from '../../commands/signing/audit-chain.ts';
import { memberDownload } from '../../commands/signing/files.ts';
import { defineRoute } from '../../http/route.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { listSigningEvents } from '../../queries/signing/audit.ts';
import { signeeTimelines } from '../../queries/signing/timeline.ts';

/** The audit trail, the signees' timelines, the signed PDF and the certificate of completion, for members with documents view. */
export function registerSigningMemberFileRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.signing.audit,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    const rows = await listSigningEvents(ctx.db, doc);
    return {
      status: 'OK',
      chain: verifyChain(rows, await getChainAnchor(ctx.db, doc.id)),
      events: rows.map((e) => ({
        seq: e.seq,
        type: e.type,
        at: e.at.toISOString(),
        actor: { kind: e.actorKind, id: e.actorId, label: e.actorLabel },
        ip: e.ip,
        userAgent: e.userAgent,
        signeeId: e.signeeId,
        data: e.data,
        prevHash: e.prevHash,
        hash: e.hash,
      })),
    };
  });

  defineRoute(
    app,
    api.signing.timeline,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    return { status: 'OK', signees: await signeeTimelines(ctx.db, doc) };
  });

  defineRoute(
    app,
    api.signing.signed,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    return { status: 'OK', ...(await memberDownload(ctx, actor, doc, 'signed')) };
  });

  defineRoute(
    app,
    api.signing.certificate,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    return { status: 'OK', ...(await memberDownload(ctx, actor, doc, 'certificate')) };
  });
}
