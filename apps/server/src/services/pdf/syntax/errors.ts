/**
 * Why a PDF cannot be used, as the API reports it (the contract's reasons of the same names):
 * - PDF_DAMAGED: the file's syntax or structure is broken (truncated, wrong offsets, loops).
 * - PDF_TOO_COMPLEX: it passes a limit (decoded bytes, objects, nesting, parse work, time, memory).
 * - PDF_UNSIGNABLE: it reads, but a signature cannot be added (e.g. a form whose /Fields is no array).
 * - PDF_ENCRYPTED: it is encrypted or password protected.
 */
export type PdfProblem = 'PDF_DAMAGED' | 'PDF_TOO_COMPLEX' | 'PDF_UNSIGNABLE' | 'PDF_ENCRYPTED';

export const PDF_PROBLEMS: readonly PdfProblem[] = [
  'PDF_DAMAGED',
  'PDF_TOO_COMPLEX',
  'PDF_UNSIGNABLE',
  'PDF_ENCRYPTED',
];

/** The one error type that reading, preparing or signing an untrusted PDF throws on bad input. */
export class PdfError extends Error {
  constructor(
    readonly problem: PdfProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}

/** Broken syntax or structure (PDF_DAMAGED). */
export class PdfSyntaxError extends PdfError {
  constructor(message: string) {
    super('PDF_DAMAGED', message);
  }
}

/** A limit of PdfLimits was passed (PDF_TOO_COMPLEX). */
export class PdfLimitError extends PdfError {
  constructor(message: string) {
    super('PDF_TOO_COMPLEX', message);
  }
}
