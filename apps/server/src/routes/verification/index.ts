import { P, api, type VerificationReport } from '@sinetti/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readAll } from '../../commands/signing/common.ts';
import { pdfFailure, pdfRun } from '../../commands/signing/pdf-run.ts';
import { defineRoute } from '../../http/route.ts';
import type { RateLimit } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { latestProcessOf } from '../../queries/signing/signees.ts';
import { signingCaFromConfig, pdfWorkers } from '../../services/pdf/index.ts';
import { verifySignedPdf } from '../../services/pdf/verification/index.ts';
import { eidTrustAnchors } from '../../services/eid/index.ts';

/** Per client address: each check parses an untrusted PDF in a worker. */
export const VERIFY_LIMIT = { name: 'verify', max: 30, windowMs: 60_000 } as const satisfies RateLimit;

/** The body types POST /api/verify reads, as raw bytes (up to the upload limit, never stored). */
const PDF_TYPES = ['application/pdf', 'application/octet-stream'];

function tooLarge(maxBytes: number): AppError {
  return new AppError('FILE_TOO_LARGE', `The file is larger than ${maxBytes} bytes.`).because(
    'VERIFY_TOO_LARGE',
  );
}

/** A report of an unreadable file is an error the caller can act on (the web app words the reason). */
function readable(report: VerificationReport): VerificationReport {
  switch (report.unreadable) {
    case null:
      return report;
    case 'not-pdf':
      throw new AppError('UNSUPPORTED_FILE_TYPE', 'The file is not a PDF.').because('VERIFY_NOT_A_PDF');
    case 'encrypted':
      throw new AppError('CONFLICT', 'The PDF is encrypted; its signatures cannot be checked.').because(
        'VERIFY_ENCRYPTED',
      );
    case 'too-complex':
      throw new AppError('CONFLICT', 'The PDF is too large or complex to check.').because('PDF_TOO_COMPLEX');
    default:
      throw new AppError('CONFLICT', 'The PDF is damaged; its structure cannot be read.').because(
        'VERIFY_DAMAGED',
      );
  }
}

async function check(
  app: FastifyInstance,
  pdf: Uint8Array,
  owner: string,
): Promise<{ status: 'OK'; report: VerificationReport }> {
  const ca = await signingCaFromConfig(app.ctx.config.signing);
  const run = { workers: pdfWorkers(app.ctx.config.signing.pdf), owner };
  try {
    const anchors = await eidTrustAnchors(app);
    return { status: 'OK', report: readable(await verifySignedPdf(pdf, ca, run, undefined, anchors)) };
  } catch (err) {
    throw pdfFailure(err);
  }
}

/**
 * Signature verification: POST /api/verify for anyone (the PDF as the raw body, checked in a PDF worker
 * and dropped: nothing is stored), and the same report of a Signed document's sealed PDF for members.
 */
export function registerVerificationRoutes(app: FastifyInstance): void {
  const maxBytes = () => app.ctx.config.uploads.maxBytes;
  void app.register(async (scope) => {
    // Read here, not by fastify's buffer parser: past the limit the answer is 413 VERIFY_TOO_LARGE.
    scope.addContentTypeParser(PDF_TYPES, (req: FastifyRequest, payload, done) => {
      const limit = maxBytes();
      if (Number(req.headers['content-length'] ?? 0) > limit) {
        payload.resume();
        done(tooLarge(limit), undefined);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (failed) return;
        if (size > limit) {
          failed = true;
          chunks.length = 0;
          done(tooLarge(limit), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!failed) done(null, Buffer.concat(chunks));
      });
      payload.on('error', (err) => {
        if (!failed) done(err, undefined);
      });
    });
    defineRoute(scope, api.verification.verify, { rateLimit: VERIFY_LIMIT })(async ({ req }) => {
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'Send the PDF as the body (Content-Type application/pdf).', {
          file: 'Required.',
        });
      }
      return check(app, req.body, `verify:${req.ip}`);
    });
  });

  defineRoute(
    app,
    api.verification.document,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    const process = await latestProcessOf(ctx.db, doc.id);
    if (!process || process.state !== 'completed' || !process.signedKey) {
      throw new AppError('CONFLICT', 'The document has not been signed by everyone yet.');
    }
    const pdf = await readAll(ctx.blobs, process.signedKey);
    return check(app, pdf, pdfRun(ctx, process.organizationId).owner);
  });
}
