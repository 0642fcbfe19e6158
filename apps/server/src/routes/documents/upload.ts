import multipart from '@fastify/multipart';
import { P, api, uploadFields } from '@sinetti/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  insertUploadedDocument,
  storeUpload,
  type StoredUpload,
} from '../../commands/documents/upload-document.ts';
import { resolveActor, type OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { parseInput } from '../../http/validation.ts';
import { AppError } from '../../lib/errors.ts';
import { authorize } from '../../policies/index.ts';
import { resolveParent } from '../../commands/documents/common.ts';
import { presentDocument } from '../../presenters/document.ts';

const endpoint = api.documents.upload;
/** Room for the form's other fields and boundaries on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;

/** Reads the form: text fields, and the one `file` part streamed into the store as it arrives. */
async function readForm(
  req: FastifyRequest,
  onFile: (fileName: string, file: NodeJS.ReadableStream & { truncated: boolean }) => Promise<StoredUpload>,
): Promise<{ fields: Record<string, string>; stored: StoredUpload | undefined }> {
  const fields: Record<string, string> = {};
  let stored: StoredUpload | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !stored) {
        stored = await onFile(part.filename, part.file);
      } else {
        part.file.resume();
      }
    }
    return { fields, stored };
  } catch (err) {
    if (stored) await req.server.ctx.blobs.delete(stored.key).catch(() => undefined);
    throw err;
  }
}

async function handleUpload(ctx: AppContext, req: FastifyRequest) {
  const actor = (await resolveActor(ctx.db, ctx.clock, req, endpoint.access)) as OrganizationActor;
  const params = parseInput(endpoint.params, req.params, 'params');
  authorize(actor, P.DOCUMENTS_CREATE);
  await resolveParent(ctx.db, actor, P.DOCUMENTS_CREATE, params.parent);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > ctx.config.uploads.maxBytes + FORM_OVERHEAD) {
    throw new AppError('FILE_TOO_LARGE', `The file is larger than ${ctx.config.uploads.maxBytes} bytes.`);
  }
  if (!req.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data.', { file: 'Required.' });
  }
  const { fields, stored } = await readForm(req, (fileName, file) =>
    storeUpload(ctx, actor, {
      type: params.type,
      fileName,
      file: file as never,
      truncated: () => file.truncated,
    }),
  );
  if (!stored) throw new AppError('VALIDATION_FAILED', 'Please choose a file.', { file: 'Required.' });
  try {
    const body = parseInput(uploadFields, fields, 'body');
    const row = await insertUploadedDocument(ctx, actor, {
      type: params.type,
      name: body.name,
      parentId: params.parent,
      stored,
    });
    return { status: 'OK' as const, document: presentDocument(row) };
  } catch (err) {
    // The blob was written first; without its row it must not stay (the sweep would remove it later anyway).
    await ctx.blobs.delete(stored.key).catch(() => undefined);
    throw err;
  }
}

/**
 * POST /api/documents/upload/:type/:parent? as multipart/form-data (field `name`, file part `file`).
 * Multipart parsing is registered for this route only, with the configured size limit; the file is
 * streamed to the blob store while hashed and checked, never held in memory.
 */
export function registerDocumentUploadRoute(app: FastifyInstance): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: app.ctx.config.uploads.maxBytes,
        files: 1,
        fields: 10,
        fieldSize: 8 * 1024,
        parts: 12,
      },
    });
    scope.post(`/api${endpoint.path}`, async (req) => {
      const result = await handleUpload(app.ctx, req);
      if (app.ctx.config.validateReplies) endpoint.reply.parse(result);
      return result;
    });
  });
}
