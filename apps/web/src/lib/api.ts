import {
  buildPath,
  FRESH_READS_AFTER_WRITE_MS,
  MAY_HAVE_WRITTEN_HEADER,
  type ClientErrorCode,
  type Endpoint,
  type ErrorCode,
  type ErrorDetails,
  type ErrorReason,
} from '@sinetti/contract';
import type { z } from 'zod';
import { isSignedIn, sessionStore } from './session';
import { takeEarly } from './early-fetch';
import { isReportedCall, reportError } from './error-reporting';

export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failed call: the reply's code, reason and details (or NO_SESSION / NETWORK raised here). The UI decides
 * from `code` and `reason` and shows its own translated text (lib/errors.ts); `message` is for logs only.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly httpStatus: number;
  readonly reason: ErrorReason | undefined;
  readonly details: ErrorDetails;
  constructor(
    code: ApiErrorCode,
    message: string,
    httpStatus = 0,
    fields?: Record<string, string>,
    extra: { reason?: ErrorReason | undefined; details?: ErrorDetails | undefined } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = fields;
    this.reason = extra.reason;
    this.details = extra.details ?? {};
  }
}

/** An endpoint's schemas are optional properties: strip `undefined` before asking for the input type. */
type InputOf<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never;

export type Input<E extends Endpoint> = {
  params?: InputOf<E['params']>;
  query?: InputOf<E['query']>;
  body?: InputOf<E['body']>;
  signal?: AbortSignal;
};

/** Called for every error reply; the app wires navigation (SPEC §8) here. */
type ErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ErrorListener>();
export function onApiError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

/** Whether the current route is public (set by the router); public routes may call without a session. */
let publicRoute = false;
export function setPublicRoute(value: boolean): void {
  publicRoute = value;
}

function toQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const entries = Object.entries(query as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && v !== null,
  );
  if (entries.length === 0) return '';
  return `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

/** Until when reads ask for replies read now (a moment after a call that may have written). */
let freshReadsUntil = 0;

/**
 * Notes a reply: after one that says the call may have written (MAY_HAVE_WRITTEN_HEADER), reads ask
 * `Cache-Control: no-cache` for FRESH_READS_AFTER_WRITE_MS, so that no server process answers a reply it kept
 * from before this write (the server's reply cache; docs/decisions.md "Replies cached in the process").
 */
export function noteReply(header: (name: string) => string | null): void {
  if (header(MAY_HAVE_WRITTEN_HEADER)) freshReadsUntil = Date.now() + FRESH_READS_AFTER_WRITE_MS;
}

/**
 * The headers of every call (SPEC §7): `application-id`, and `session-id` and `company-id` when signed in.
 * Raises NO_SESSION for a non-public endpoint without a session, unless the current route is public. A read
 * just after a write asks for a fresh reply (noteReply).
 */
export function requestHeaders(
  access: Endpoint['access'],
  method?: Endpoint['method'],
): Record<string, string> {
  const session = sessionStore.get();
  const headers: Record<string, string> = { 'application-id': 'Frontend' };
  if (method === 'GET' && Date.now() < freshReadsUntil) headers['cache-control'] = 'no-cache';
  if (isSignedIn(session)) {
    headers['session-id'] = session.id;
    const company = session.selectedOrganization ?? sessionStore.selectedOrganization();
    if (company) headers['company-id'] = company;
  } else if (access !== 'public' && !publicRoute) {
    throw new ApiError('NO_SESSION', 'Not signed in.');
  }
  return headers;
}

/** The URL of one endpoint with its path parameters and query. */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: Input<E> = {}): string {
  return `/api${buildPath(endpoint.path, (input.params ?? {}) as Record<string, string>)}${toQuery(input.query)}`;
}

export type ReplyData = {
  status?: string;
  code?: ApiErrorCode;
  reason?: ErrorReason;
  details?: ErrorDetails;
  message?: string;
  fields?: Record<string, string>;
};

/** An error reply as ApiError; the listeners hear of it and the session slides unless it ended. */
export function replyError(httpStatus: number, data: ReplyData): ApiError {
  const error = new ApiError(
    data.code ?? 'INTERNAL',
    data.message ?? 'Request failed.',
    httpStatus,
    data.fields,
    { reason: data.reason, details: data.details },
  );
  if (error.code !== 'UNAUTHORIZED_ACCESS' && error.code !== 'SESSION_INVALID') sessionStore.touch();
  for (const l of errorListeners) l(error);
  return error;
}

/**
 * A reply's JSON body. A body that is not JSON is `INTERNAL` (the server, or a proxy before it, sent
 * something else). A body cut off (the page is leaving, the connection dropped) is `NETWORK`, or the
 * AbortError itself when the call was aborted: neither is the server's fault, so neither is reported.
 */
export async function readReply<T>(res: Response): Promise<T> {
  try {
    return (await res.json()) as T;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (err instanceof SyntaxError) {
      throw new ApiError('INTERNAL', 'The server sent an unreadable reply.', res.status);
    }
    throw new ApiError('NETWORK', 'The server could not be reached.');
  }
}

/** Reports a failed call the server could not answer (see lib/error-reporting.ts). */
function reportFailedCall(endpoint: Endpoint, error: ApiError, res: Response): void {
  if (!isReportedCall(error.httpStatus, error.code)) return;
  const requestId = res.headers.get('x-request-id');
  reportError({
    kind: 'call',
    message: error.message,
    endpoint: endpoint.id,
    code: error.code,
    status: error.httpStatus,
    ...(error.reason ? { reason: error.reason } : {}),
    ...(requestId ? { requestId } : {}),
  });
}

/**
 * Calls one contract endpoint with the app's headers and returns its typed reply.
 * Error replies raise ApiError with the reply's code; listeners handle session expiry and setup.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: Input<E> = {},
): Promise<z.infer<E['reply']>> {
  const headers = requestHeaders(endpoint.access, endpoint.method);
  let body: string | undefined;
  if (input.body !== undefined || endpoint.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  const url = endpointUrl(endpoint, input);
  // A public GET the entry started while the page's code loaded (lib/early-fetch.ts) is not asked again.
  const early = endpoint.method === 'GET' && endpoint.access === 'public' ? takeEarly(url) : undefined;
  let res: Response;
  try {
    res = await (early ??
      fetch(url, {
        method: endpoint.method,
        headers,
        body,
        signal: input.signal ?? null,
      }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('NETWORK', 'The server could not be reached.');
  }
  noteReply((name) => res.headers.get(name));
  let data: ReplyData;
  try {
    data = await readReply<ReplyData>(res);
  } catch (error) {
    if (error instanceof ApiError) reportFailedCall(endpoint, error, res);
    throw error;
  }
  if (data.status === 'ERROR' || !res.ok) {
    const error = replyError(res.status, data);
    reportFailedCall(endpoint, error, res);
    throw error;
  }
  sessionStore.touch();
  return data as z.infer<E['reply']>;
}
