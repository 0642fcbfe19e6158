import type { ErrorCode } from '@sinetti/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { infrastructureError } from '../lib/faults.ts';

/** Maps fastify's own errors (body parsing, size, content type) to contract codes. */
function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE', 'The request is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('VALIDATION_FAILED', 'Unsupported content type: send JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION_FAILED', 'The request body is empty or malformed.');
    default:
      break;
  }
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    const code: ErrorCode =
      err.statusCode === 404 ? 'NOT_FOUND' : err.statusCode === 429 ? 'RATE_LIMITED' : 'VALIDATION_FAILED';
    return new AppError(code, err.statusCode === 404 ? 'Not found.' : 'The request is malformed.');
  }
  return null;
}

/** One error handler: contract codes out, no stack traces or SQL, 500s logged with the request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const appError =
      error instanceof AppError ? error : (fromFastifyError(error) ?? infrastructureError(error));
    if (appError) {
      if (appError.headers) reply.headers(appError.headers);
      if (appError.statusCode >= 500) req.log.error({ err: error }, appError.message);
      return reply.status(appError.statusCode).send({
        status: 'ERROR',
        code: appError.code,
        ...(appError.reason ? { reason: appError.reason } : {}),
        ...(appError.details ? { details: appError.details } : {}),
        message: appError.message,
        ...(appError.fields ? { fields: appError.fields } : {}),
      });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      status: 'ERROR',
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
      requestId: req.id,
    });
  });
}
