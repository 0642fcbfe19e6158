/**
 * Reports failures to the server (SPEC §8: failed calls go to the error-reporting service): failed calls
 * the server could not answer (5xx, unreadable replies) and uncaught errors. The expected 4xx of normal
 * use (validation, permissions, limits) are not failures and are not reported; neither are network
 * errors (the report could not arrive either). The server redacts and logs each report and forwards it
 * to the operator's service when one is configured; the browser itself never talks to a third party.
 */
export interface ClientErrorReport {
  kind: 'call' | 'uncaught';
  message: string;
  endpoint?: string;
  code?: string;
  reason?: string;
  status?: number;
  requestId?: string;
  stack?: string;
}

/** Reports one page load sends at most: a failure in a loop does not become a flood. */
const MAX_REPORTS = 10;
const sent = new Set<string>();

const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text;

/** Sends a report once per page load (the same failure again is not sent twice); never throws. */
export function reportError(report: ClientErrorReport): void {
  const key = [report.kind, report.endpoint, report.code, report.message].join('|');
  if (sent.has(key) || sent.size >= MAX_REPORTS) return;
  sent.add(key);
  const body = {
    ...report,
    message: clip(report.message, 2000) || 'Unknown error',
    stack: clip(report.stack, 8000),
    page: clip(window.location.pathname, 500),
  };
  try {
    void fetch('/api/error-reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'application-id': 'Frontend' },
      body: JSON.stringify(body),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    /* reporting must never add a failure of its own */
  }
}

/** Whether a failed call is reported: the server failed (5xx) or its reply could not be read. */
export function isReportedCall(httpStatus: number, code: string): boolean {
  return httpStatus >= 500 || (code === 'INTERNAL' && httpStatus !== 0);
}

const describeError = (value: unknown): { message: string; stack?: string } =>
  value instanceof Error
    ? { message: `${value.name}: ${value.message}`, ...(value.stack ? { stack: value.stack } : {}) }
    : { message: String(value) };

/** Reports an error the app caught at its edge (a route's error screen). */
export function reportUncaught(error: unknown): void {
  reportError({ kind: 'uncaught', ...describeError(error) });
}

/**
 * Reports uncaught errors and unhandled promise rejections of this page. Errors raised by scripts of
 * other origins (browser extensions) are left out: they are not the app's, and their text is hidden.
 */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    if (event.filename && !event.filename.startsWith(window.location.origin)) return;
    if (!event.error && !event.message) return;
    reportUncaught(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // A failed call raised ApiError and was reported (or deliberately not) when it failed.
    if (reason instanceof Error && reason.name === 'ApiError') return;
    reportUncaught(reason);
  });
}

/** For tests: forget what this page load reported. */
export function resetErrorReports(): void {
  sent.clear();
}
