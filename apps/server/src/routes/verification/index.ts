import fsp from 'node:fs/promises';
import { P, api, type VerificationReport } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { readAll } from '../../commands/signing/common.ts';
import { pdfFailure, pdfRun } from '../../commands/signing/pdf-run.ts';
import { busy } from '../../http/anonymous-gate.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { authorizeDocument } from '../../policies/documents.ts';
import { latestProcessOf } from '../../queries/signing/signees.ts';
import { PdfBusyError, signingCaFromConfig, pdfWorkers } from '../../services/pdf/index.ts';
import { verifySignedPdf } from '../../services/pdf/verification/index.ts';
import { eidTrustAnchors } from '../../services/eid/index.ts';

import { acceptAnonymousPdf, isBodyFile, verifyAnonymousFile, verifyInFlight } from './anonymous.ts';

export { VERIFY_LIMIT } from './anonymous.ts';

/** The anonymous lane is full: the same answer as the gate's (the web app says "many files are being checked"). */
const anonymousFailure = (err: unknown): unknown => (err instanceof PdfBusyError ? busy() : pdfFailure(err));

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
  void app.register(async (scope) => {
    const inFlight = verifyInFlight(app);
    acceptAnonymousPdf(scope, `/api${api.verification.verify.path}`, inFlight);
    // The rate limit is the gate's (before the body), not defineRoute's (after it).
    defineRoute(
      scope,
      api.verification.verify,
    )(async ({ req }) => {
      if (!isBodyFile(req.body)) {
        throw new AppError('VALIDATION_FAILED', 'Send the PDF as the body (Content-Type application/pdf).', {
          file: 'Required.',
        });
      }
      try {
        return {
          status: 'OK',
          report: readable(await verifyAnonymousFile(app, req.body, `verify:${req.ip}`)),
        };
      } catch (err) {
        throw anonymousFailure(err);
      } finally {
        await fsp.rm(req.body.path, { force: true });
      }
    });
  });

  defineRoute(
    app,
    api.verification.document,
  )(async ({ params, actor, ctx }) => {
    const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, params.docId);
    const process = await latestProcessOf(ctx.db, doc);
    if (!process || process.state !== 'completed' || !process.signedKey) {
      throw new AppError('CONFLICT', 'The document has not been signed by everyone yet.').because(
        'NOT_FULLY_SIGNED',
      );
    }
    const pdf = await readAll(ctx.blobs, process.signedKey);
    return check(app, pdf, pdfRun(ctx, process.organizationId).owner);
  });
}
