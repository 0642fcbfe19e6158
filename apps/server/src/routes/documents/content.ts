import { P, api, mimeTypeOf } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { resolveActor, type OrganizationActor } from '../../http/actor.ts';
import { defineRoute } from '../../http/route.ts';
import { parseInput } from '../../http/validation.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { memberActor } from '../../commands/signing/common.ts';
import { recordDownload } from '../../commands/signing/files.ts';
import { originalOf, pdfOf, previewOf, signedPdfOf } from '../../queries/documents/renditions.ts';
import { versionFileRow } from '../../queries/documents/versions.ts';
import { contentDisposition, downloadName } from './files.ts';
import { openBlob, readBlob } from '../../commands/documents/blobs.ts';
import { saveEditedContent } from '../../commands/documents/save-content.ts';
import { presentDocument } from '../../presenters/document.ts';

const DOCX_MIME = mimeTypeOf('docx');

export function registerDocumentContentRoutes(app: FastifyInstance): void {
  defineRoute(
    app,
    api.documents.content,
  )(async ({ params, query, actor, ctx }) => {
    const row = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    assertAllowed(documentRules.content(row));
    const signed = await signedPdfOf(ctx.db, row);
    const preview = signed ?? previewOf(row);
    const base = { status: 'OK' as const, conversion: row.conversionStatus, signed: signed !== null };
    if (!preview) return { ...base, hash: '', content: null, contentMimeType: row.mimeType ?? '' };
    const unchanged = params.hash === preview.sha256 && !query.force;
    const content = unchanged ? null : (await readBlob(ctx.blobs, preview.key)).toString('base64');
    if (signed && content !== null) {
      // The signed PDF's bytes left the server: audited like its download.
      await recordDownload(
        ctx,
        { documentId: row.id, process: signed.process, signeeId: null, actor: memberActor(actor) },
        { file: 'signed', sha256: signed.sha256, via: 'preview' },
      );
    }
    return { ...base, hash: preview.sha256, content, contentMimeType: preview.mimeType };
  });

  // The editor's save: the DOCX itself as the body (not JSON, so not through defineRoute), with the same
  // session, organization, validation and authorization steps.
  const save = api.documents.saveContent;
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      DOCX_MIME,
      { parseAs: 'buffer', bodyLimit: app.ctx.config.uploads.maxBytes },
      (_req, body, done) => done(null, body),
    );
    scope.put(`/api${save.path}`, async (req) => {
      const ctx = app.ctx;
      const actor = (await resolveActor(ctx.db, ctx.clock, req, save.access)) as OrganizationActor;
      const params = parseInput(save.params, req.params, 'params');
      const query = parseInput(save.query, req.query, 'query');
      const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, params.id);
      if (!Buffer.isBuffer(req.body)) {
        throw new AppError('VALIDATION_FAILED', `Send the DOCX as ${DOCX_MIME}.`, { file: 'Missing.' });
      }
      const base = /^"?([0-9a-f]{64})"?$/.exec(req.headers['if-match'] ?? '')?.[1] ?? null;
      const row = await saveEditedContent(ctx, actor, doc, req.body, base, query.origin);
      const result = { status: 'OK' as const, document: presentDocument(row) };
      if (ctx.config.validateReplies) save.reply.parse(result);
      return result;
    });
  });

  // The file itself, streamed: not JSON, so not through defineRoute, but the same session, organization,
  // validation and authorization steps.
  const download = api.documents.download;
  app.get(`/api${download.path}`, async (req, reply) => {
    const ctx = app.ctx;
    const actor = (await resolveActor(ctx.db, ctx.clock, req, download.access)) as OrganizationActor;
    const params = parseInput(download.params, req.params, 'params');
    const query = parseInput(download.query, req.query, 'query');
    const row = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.id);
    const source = query.version ? await versionFileRow(ctx.db, row, query.version) : row;
    const file = query.rendition === 'pdf' ? pdfOf(source) : originalOf(source);
    if (!file) {
      throw new AppError(
        'NOT_FOUND',
        query.rendition === 'pdf' ? 'There is no PDF of this document yet.' : 'No file.',
      );
    }
    const stream = await openBlob(ctx.blobs, file.key);
    void reply
      .header('content-type', file.mimeType)
      .header('content-disposition', contentDisposition(downloadName(source, file.extension)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      // The file's SHA-256: the editor sends it back as If-Match when it saves (documents.saveContent).
      .header('etag', `"${file.sha256}"`);
    if (file.size !== null) void reply.header('content-length', String(file.size));
    return reply.send(stream);
  });
}
