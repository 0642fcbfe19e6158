import { P, api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { compareVersions } from '../../commands/documents/version-compare.ts';
import { restoreVersion } from '../../commands/documents/version-restore.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { presentDocument } from '../../presenters/document.ts';
import { findVersion, listVersions } from '../../queries/documents/versions.ts';
import { readBlob } from '../../commands/documents/blobs.ts';

/** Versions (issue 13 item 3): everyone who sees a document sees its versions; restoring is an edit. */
export function registerVersionRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.versions.list,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    assertAllowed(documentRules.content(doc));
    return { status: 'OK', versions: await listVersions(ctx.db, doc) };
  });

  defineRoute(
    app,
    api.versions.content,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const version = await findVersion(ctx.db, doc, params.number);
    if (!version) throw new AppError('NOT_FOUND', `The document has no version ${params.number}.`);
    if (!version.pdfKey) {
      throw new AppError('CONFLICT', `Version ${params.number} has no PDF to show yet.`).because(
        'VERSION_PDF_MISSING',
      );
    }
    const content = (await readBlob(ctx.blobs, version.pdfKey)).toString('base64');
    return { status: 'OK', content, contentMimeType: 'application/pdf' };
  });

  defineRoute(
    app,
    api.versions.compare,
  )(async ({ params, query, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    return { status: 'OK', changes: await compareVersions(ctx, doc, query) };
  });

  defineRoute(
    app,
    api.versions.restore,
  )(async ({ params, body, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
    const row = await restoreVersion(ctx, actor, doc, body.number);
    return { status: 'OK', document: presentDocument(row) };
  });
}
