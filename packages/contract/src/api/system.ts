import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { FEEDBACK_MESSAGE_MAX } from '../constants.ts';
import { okReply, simpleOk } from '../envelope.ts';
import { CONTROL_CHARACTERS } from './common.ts';

/** What a member writes in "Send feedback" (issue 14 item 4). */
export const feedbackInput = z.object({
  message: z
    .string()
    .trim()
    .min(1, { error: 'Write your feedback.' })
    .max(FEEDBACK_MESSAGE_MAX, { error: `Feedback can be at most ${FEEDBACK_MESSAGE_MAX} characters.` })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'Feedback must be plain text.' }),
  /** The app page the member wrote from (its path), to help the operator reproduce what they saw. */
  page: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/, { error: 'The page must be a path.' })
    .optional(),
});
export type FeedbackInput = z.infer<typeof feedbackInput>;

/**
 * How the instance takes feedback: a form the server e-mails to the operator (FEEDBACK_EMAIL), or a
 * link to the operator's own page (FEEDBACK_URL); null: neither, the navigation item is hidden.
 */
export const feedbackChannel = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('form') }),
    z.object({ kind: z.literal('link'), url: z.string() }),
  ])
  .nullable();
export type FeedbackChannel = z.infer<typeof feedbackChannel>;

/**
 * What the web app reports of a failure (SPEC §8, issue 14 item 3): a failed call or an uncaught error.
 * The server redacts it (tokens, addresses, long numbers) before logging or forwarding it.
 */
export const errorReportInput = z.object({
  kind: z.enum(['call', 'uncaught']),
  message: z.string().max(2000),
  /** The failed call's endpoint id, error code, reason, HTTP status and request id. */
  endpoint: z.string().max(100).optional(),
  code: z.string().max(60).optional(),
  reason: z.string().max(60).optional(),
  status: z.number().int().min(0).max(599).optional(),
  requestId: z.string().max(100).optional(),
  stack: z.string().max(8000).optional(),
  /** The app page (path) the error happened on. */
  page: z.string().max(500),
  version: z.string().max(60).optional(),
});
export type ErrorReportInput = z.infer<typeof errorReportInput>;

export const system = {
  health: endpoint({
    id: 'system.health',
    method: 'GET',
    path: '/health',
    access: 'public',
    summary:
      'Readiness: the database answers its own probe (a connection outside the pool, short statement ' +
      'time-out) and the file storage takes a write. database is "busy" (still 200) when the probe answers ' +
      'while every pooled connection is in use. Otherwise 503 UNAVAILABLE (or 507 INSUFFICIENT_STORAGE) with ' +
      'reason DATABASE_UNAVAILABLE (the probe cannot reach the database), STORAGE_FULL or STORAGE_UNWRITABLE ' +
      'and details {database, storage}.',
    reply: okReply({
      /** busy: the database answers, but all of the app's connections are in use (issue 31 item 10). */
      database: z.enum(['up', 'busy']),
      storage: z.enum(['writable']),
      version: z.string(),
    }),
  }),
  config: endpoint({
    id: 'system.config',
    method: 'GET',
    path: '/config',
    access: 'public',
    summary: 'Public configuration the web app needs before sign-in.',
    reply: okReply({
      providers: z.array(z.object({ platform: z.enum(['google', 'microsoft']), local: z.boolean() })),
      version: z.string(),
      feedback: feedbackChannel,
      /** Whether the guided dashboard tour is offered (GUIDED_TOUR); the operator may switch it off. */
      tour: z.boolean(),
      /**
       * The largest file POST /verify takes (VERIFY_MAX_BYTES): the verify page refuses a larger one before
       * uploading it, since the server closes the connection of a refused upload.
       */
      verifyMaxBytes: z.number().int().positive(),
    }),
  }),
  feedback: endpoint({
    id: 'system.feedback',
    method: 'POST',
    path: '/feedback',
    access: 'account',
    summary:
      'Send feedback to the operator (FEEDBACK_EMAIL), from the signed-in account. 404 FEEDBACK_OFF when ' +
      'the instance takes none by form; 429 FEEDBACK_LIMIT past the hourly limit per account (and ' +
      'RATE_LIMITED past the instance-wide one).',
    body: feedbackInput,
    reply: simpleOk,
  }),
  errorReport: endpoint({
    id: 'system.errorReport',
    method: 'POST',
    path: '/error-reports',
    access: 'public',
    summary:
      'The web app reports a failed call or an uncaught error (SPEC §8). Redacted, logged with the request id, ' +
      'and forwarded to ERROR_REPORTING_DSN when set. 429 RATE_LIMITED past 30 a minute per address ' +
      '(the instance takes 2000 an hour).',
    body: errorReportInput,
    reply: simpleOk,
  }),
} as const;
