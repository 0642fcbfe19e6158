import { httpStatusOf, type ErrorCode, type ErrorDetails, type ErrorReason } from '@sinetti/contract';

/**
 * An error with a contract code; the error handler turns it into `{status:"ERROR", code, reason?, details?, message}`.
 * `because(reason, details)` says which failure it is, so that clients never read the English message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  reason: ErrorReason | undefined;
  details: ErrorDetails | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.headers = headers;
  }

  /** Names the failure (a documented reason of the contract) and its typed details. */
  because(reason: ErrorReason, details?: ErrorDetails): this {
    this.reason = reason;
    this.details = details;
    return this;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}

export const notFound = (what = 'Not found.') => new AppError('NOT_FOUND', what);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
