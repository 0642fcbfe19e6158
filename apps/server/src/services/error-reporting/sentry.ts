import type { ErrorReportInput } from '@sinetti/contract';

/** A redacted client error report, forwarded to the operator's error-reporting service. */
export interface ForwardedReport extends ErrorReportInput {
  /** The id of the request that carried the report (it is in our own logs too). */
  reportRequestId: string;
}

export interface ErrorForwarder {
  forward(report: ForwardedReport): void;
  /** Waits for reports on their way (tests, shutdown); false when they did not all leave in time. */
  flush(timeoutMs: number): Promise<boolean>;
}

const forwarders = new Map<string, Promise<ErrorForwarder>>();

/**
 * The forwarder for a Sentry-compatible DSN, made with Sentry's official SDK core. The SDK is loaded
 * only when a DSN is configured (nothing of it loads otherwise), once per DSN. It captures nothing by
 * itself (no integrations, no default personal data): it sends exactly the reports it is given, which
 * the caller has redacted.
 */
export function sentryForwarder(dsn: string, release: string, environment: string): Promise<ErrorForwarder> {
  let made = forwarders.get(dsn);
  if (!made) {
    made = makeForwarder(dsn, release, environment);
    forwarders.set(dsn, made);
  }
  return made;
}

async function makeForwarder(dsn: string, release: string, environment: string): Promise<ErrorForwarder> {
  const sentry = await import('@sentry/core');
  const client = new sentry.ServerRuntimeClient({
    dsn,
    release,
    environment,
    integrations: [],
    sendDefaultPii: false,
    stackParser: sentry.createStackParser(),
    transport: (options) =>
      sentry.createTransport(options, async (request) => {
        const res = await fetch(options.url, {
          method: 'POST',
          body: request.body as string | Uint8Array<ArrayBuffer>,
          headers: { 'content-type': 'application/x-sentry-envelope' },
          signal: AbortSignal.timeout(10_000),
        });
        return {
          statusCode: res.status,
          headers: {
            'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits'),
            'retry-after': res.headers.get('retry-after'),
          },
        };
      }),
  });
  client.init();
  return {
    forward(report) {
      client.captureEvent({
        level: 'error',
        platform: 'javascript',
        message: report.message,
        logger: `web.${report.kind}`,
        tags: {
          kind: report.kind,
          ...(report.code ? { code: report.code } : {}),
          ...(report.reason ? { reason: report.reason } : {}),
          ...(report.endpoint ? { endpoint: report.endpoint } : {}),
          ...(report.status !== undefined ? { status: String(report.status) } : {}),
          ...(report.version ? { web_version: report.version } : {}),
        },
        extra: {
          page: report.page,
          requestId: report.requestId,
          reportRequestId: report.reportRequestId,
          stack: report.stack,
        },
      });
    },
    flush: async (timeoutMs) => await client.flush(timeoutMs),
  };
}
