import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  PdfBusyError,
  PdfError,
  TsaError,
  pdfWorkers,
  type PdfProblem,
  type PdfRun,
} from '../../services/pdf/index.ts';

/** The PDF worker pool of this configuration, counting the work against `organizationId`. */
export function pdfRun(ctx: Pick<AppContext, 'config'>, organizationId: string): PdfRun {
  return { workers: pdfWorkers(ctx.config.signing.pdf), owner: organizationId };
}

const MESSAGES: Record<PdfProblem, string> = {
  PDF_DAMAGED: 'The PDF of this document is damaged, so it cannot be signed.',
  PDF_TOO_COMPLEX: 'The PDF of this document is too large or complex to be signed.',
  PDF_UNSIGNABLE: 'The PDF of this document has a structure that cannot take signatures.',
  PDF_ENCRYPTED: 'The PDF of this document needs a password to open, so it cannot be signed.',
};

const RETRY_AFTER_SECONDS = 5;

/**
 * A PDF failure as the API answers it: the file's problem is 409 CONFLICT with that reason; a full worker
 * queue is 429 RATE_LIMITED (PDF_BUSY) with Retry-After; a failed time-stamping authority 503 UNAVAILABLE
 * (TIMESTAMP_UNAVAILABLE) with Retry-After. Anything else is returned unchanged.
 */
export function pdfFailure(err: unknown): unknown {
  if (err instanceof PdfBusyError) {
    return new AppError('RATE_LIMITED', err.message, undefined, {
      'retry-after': String(RETRY_AFTER_SECONDS),
    }).because('PDF_BUSY', { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  if (err instanceof PdfError) return new AppError('CONFLICT', MESSAGES[err.problem]).because(err.problem);
  if (err instanceof TsaError) {
    // Nothing was stored or charged: the signee can simply try again.
    return new AppError(
      'UNAVAILABLE',
      'The time-stamping service did not answer. Try again shortly.',
      undefined,
      {
        'retry-after': String(RETRY_AFTER_SECONDS),
      },
    ).because('TIMESTAMP_UNAVAILABLE', { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }
  return err;
}
