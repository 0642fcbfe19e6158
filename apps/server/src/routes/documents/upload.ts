import { PassThrough, finished, type Readable } from 'node:stream';
import multipart, { type Multipart } from '@fastify/multipart';
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
import { authorizeFolder } from '../../policies/documents.ts';
import { authorize } from '../../policies/index.ts';
import { presentDocument } from '../../presenters/document.ts';

const endpoint = api.documents.upload;
/** Room for the form's other fields and boundaries on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;

const cutShort = () =>
  new AppError('VALIDATION_FAILED', 'The form ended before its closing boundary. Send the file again.', {
    file: 'The upload was cut short.',
  });

/** Multipart parsing failures (a body cut short, a malformed part) are the client's: 400, not 500. */
async function* partsOf(req: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of req.parts()) yield part;
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (err instanceof AppError || (typeof status === 'number' && status < 500)) throw err;
    throw cutShort();
  }
}

/**
 * The file part's stream, failing with 400 if the part ends abnormally. The parser may hand over a
 * part that it has already destroyed (the body ended inside it): read as is, that stream would
 * never end nor fail, and the upload would hang.
 */
function guardedFile(file: NodeJS.ReadableStream & { truncated: boolean }): Readable {
  const out = new PassThrough();
  const source = file as unknown as Readable;
  finished(source, (err) => {
    if (err) out.destroy(cutShort());
  });
  source.pipe(out);
  return out;
}

/** Reads the form: text fields, and the one `file` part streamed into the store as it arrives. */
async function readForm(
  req: FastifyRequest,
  onFile: (fileName: string, file: Readable, truncated: () => boolean) => Promise<StoredUpload>,
): Promise<{ fields: Record<string, string>; stored: StoredUpload | undefined }> {
  const fields: Record<string, string> = {};
  let stored: StoredUpload | undefined;
  try {
    for await (const part of partsOf(req)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !stored) {
        if (!part.filename?.trim()) {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', 'The file part has no file name.', {
            file: 'The file has no name.',
          });
        }
        const file = part.file;
        stored = await onFile(part.filename, guardedFile(file), () => file.truncated);
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
  const scope = authorize(actor, P.DOCUMENTS_CREATE);
  const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, params.parent);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > ctx.config.uploads.maxBytes + FORM_OVERHEAD) {
    throw new AppError('FILE_TOO_LARGE', `The file is larger than ${ctx.config.uploads.maxBytes} bytes.`);
  }
  if (!req.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data.', { file: 'Required.' });
  }
  const { fields, stored } = await readForm(req, (fileName, file, truncated) =>
    storeUpload(ctx, actor, { type: params.type, fileName, file, truncated }),
  );
  if (!stored) throw new AppError('VALIDATION_FAILED', 'Please choose a file.', { file: 'Required.' });
  try {
    const body = parseInput(uploadFields, fields, 'body');
    const row = await insertUploadedDocument(ctx, actor, scope, into, {
      type: params.type,
      name: body.name,
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
