import type { ErrorReportInput } from '@sinetti/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { redactText } from '../http/log-redaction.ts';
import { hitRateLimit, type RateLimit } from '../http/rate-limit.ts';
import { VERSION } from '../lib/version.ts';
import { sentryForwarder } from '../services/error-reporting/sentry.ts';

/** Reports one address may send: a page in a loop of failures is not a flood of log lines. */
export const ERROR_REPORTS_PER_ADDRESS: RateLimit = { name: 'error-report', max: 30, windowMs: 60_000 };
/** Reports the whole instance takes an hour, whoever sends them. */
const ERROR_REPORTS_PER_HOUR: RateLimit = { name: 'error-report-all', max: 2000, windowMs: 3_600_000 };

/** The report with every free-text field redacted (see redactText). */
export function redactReport(report: ErrorReportInput): ErrorReportInput {
  const text = (value: string | undefined) => (value === undefined ? undefined : redactText(value));
  return {
    kind: report.kind,
    message: redactText(report.message),
    page: redactText(report.page),
    ...(report.endpoint !== undefined ? { endpoint: text(report.endpoint) } : {}),
    ...(report.code !== undefined ? { code: text(report.code) } : {}),
    ...(report.reason !== undefined ? { reason: text(report.reason) } : {}),
    ...(report.status !== undefined ? { status: report.status } : {}),
    ...(report.requestId !== undefined ? { requestId: text(report.requestId) } : {}),
    ...(report.stack !== undefined ? { stack: text(report.stack) } : {}),
    ...(report.version !== undefined ? { version: text(report.version) } : {}),
  };
}

/**
 * Takes a failure the web app reports (SPEC §8): limited per address and for the instance, redacted,
 * logged with this request's id, and forwarded to ERROR_REPORTING_DSN when the operator set one.
 * Forwarding happens after the reply, and its failure is only logged.
 */
export async function receiveErrorReport(
  ctx: AppContext,
  req: FastifyRequest,
  report: ErrorReportInput,
): Promise<void> {
  await hitRateLimit(ctx.db, ctx.clock, ERROR_REPORTS_PER_ADDRESS, req.ip);
  await hitRateLimit(ctx.db, ctx.clock, ERROR_REPORTS_PER_HOUR, 'all');
  const clean = redactReport(report);
  req.log.warn({ clientError: clean }, 'web app error report');
  const dsn = ctx.config.errorReportingDsn;
  if (!dsn) return;
  sentryForwarder(dsn, VERSION, ctx.config.env).then(
    (forwarder) => forwarder.forward({ ...clean, reportRequestId: req.id }),
    (error: unknown) => req.log.error({ err: error }, 'the error-reporting service could not be set up'),
  );
}
