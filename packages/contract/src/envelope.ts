import { z } from 'zod';
import { errorCodes, type ErrorCode } from './errors.ts';
import { errorDetails, errorReason } from './reasons.ts';

export const errorReply = z.object({
  status: z.literal('ERROR'),
  code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  /** Which failure of the code's kind (documented in reasons.ts); the web app translates it. */
  reason: errorReason.optional(),
  details: errorDetails.optional(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** A success reply: `{ status: "OK", ...payload }`. */
export function okReply<S extends z.ZodRawShape>(shape: S) {
  return z.object({ status: z.literal('OK'), ...shape });
}

/** A reply whose status is one of the given business outcomes (all HTTP 200). */
export function statusReply<T extends readonly [string, ...string[]], S extends z.ZodRawShape>(
  statuses: T,
  shape: S,
) {
  return z.object({ status: z.enum(statuses), ...shape });
}

export const simpleOk = okReply({});
