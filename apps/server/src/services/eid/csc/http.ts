import { z } from 'zod';
import { EidError, type EidFailure } from '../types.ts';

/** The fetch the adapter uses: the global one, or the app's in-process one for the built-in TEST service. */
export type CscFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string;
    redirect: 'manual';
    signal?: AbortSignal;
  },
) => Promise<Response>;

/** Every call to a CSC service or its authorization server gives up after this long. */
export const CSC_TIMEOUT_MS = 10_000;

/** The error body of CSC v2 (§10.1) and OAuth 2.0 (RFC 6749 §5.2). */
const errorBody = z.object({ error: z.string(), error_description: z.string().optional() });

export interface CscRequest {
  url: string;
  /** JSON (the CSC API) or a form (the OAuth 2.0 token endpoint). */
  body: { json: unknown } | { form: Record<string, string> };
  /** Bearer token of the CSC API calls. */
  token?: string | undefined;
  /** What a 4xx answer means for this call (e.g. 'authorization' for signHash). */
  refused: EidFailure;
  timeoutMs?: number | undefined;
}

/**
 * One POST with a timeout, its JSON answer checked against `schema`. Failures become EidErrors: network,
 * timeout and 5xx 'unavailable'; 4xx `refused` (access_denied 'cancelled'); an unreadable answer 'failed'.
 */
export async function cscPost<T>(fetchImpl: CscFetch, req: CscRequest, schema: z.ZodType<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string;
  if ('json' in req.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body.json);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(req.body.form).toString();
  }
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  const where = new URL(req.url).pathname;
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(req.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(req.timeoutMs ?? CSC_TIMEOUT_MS),
    });
    text = await res.text();
  } catch (err) {
    throw new EidError(
      'unavailable',
      `The signature service could not be reached (${where}): ${(err as Error).message}`,
    );
  }
  if (res.status >= 500) {
    throw new EidError('unavailable', `The signature service answered HTTP ${res.status} (${where}).`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (res.status >= 400) {
    const error = errorBody.safeParse(parsed);
    const code = error.success ? error.data.error : `HTTP ${res.status}`;
    const description =
      error.success && error.data.error_description ? `: ${error.data.error_description}` : '';
    throw new EidError(
      code === 'access_denied' ? 'cancelled' : req.refused,
      `The signature service refused ${where} (${code}${description}).`,
    );
  }
  const result = schema.safeParse(parsed);
  if (!res.ok || !result.success) {
    throw new EidError(
      'failed',
      `The signature service gave an unusable answer to ${where} (HTTP ${res.status}).`,
    );
  }
  return result.data;
}

/** The browser's return from the authorization server: state first, then the error, then the code. */
export function codeOf(
  response: {
    state: string;
    code?: string | undefined;
    error?: string | undefined;
    errorDescription?: string | undefined;
  },
  state: string,
): string {
  if (!response.state || response.state !== state) {
    throw new EidError(
      'failed',
      'The answer from the signature service does not belong to this signing (state).',
    );
  }
  if (response.error) {
    const description = response.errorDescription ? `: ${response.errorDescription}` : '';
    throw new EidError(
      response.error === 'access_denied' ? 'cancelled' : 'failed',
      `The signature service answered ${response.error}${description}.`,
    );
  }
  if (!response.code) throw new EidError('failed', 'The signature service answered without a code.');
  return response.code;
}
