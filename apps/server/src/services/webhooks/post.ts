import http from 'node:http';
import https from 'node:https';
import { checkedLookup, literalAddress, refusedAddress, RefusedTargetError } from './address.ts';

export interface PostOutcome {
  /** The receiver's HTTP status; null when there was no answer. */
  status: number | null;
  ms: number;
  error: string | null;
  /** The target was refused (SSRF rule or not http(s)): retrying cannot help. */
  refused: boolean;
}

export interface PostOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
}

/**
 * POSTs a webhook: only http(s), only to an address refusedAddress() allows (checked on the address the
 * socket connects to), no redirects followed (a 3xx is a failed attempt), everything from connecting to
 * the end of the answer within timeoutMs, and at most maxResponseBytes of the answer read.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const refuse = (error: string): PostOutcome => ({ status: null, ms: ms(), error, refused: true });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(refuse('not a valid URL'));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.resolve(refuse(`${target.protocol} is not http or https`));
  }
  const literal = literalAddress(target.hostname);
  if (literal) {
    const why = refusedAddress(literal, opts.allowLoopback);
    if (why) return Promise.resolve(refuse(`refused: ${why}`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const req = client.request(target, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Sinetti-Webhooks/1',
      },
      lookup: checkedLookup(opts.allowLoopback),
      agent: false,
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`no complete answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    const onAbort = () => req.destroy(new Error('the server is stopping'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => {
      if (err instanceof RefusedTargetError) finish(refuse(`refused: ${err.message}`));
      else finish({ status: null, ms: ms(), error: err.message, refused: false });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? null;
      let read = 0;
      const done = () =>
        finish({
          status,
          ms: ms(),
          error:
            status !== null && status >= 300 && status < 400
              ? `redirect to ${String(res.headers.location ?? '(none)').slice(0, 200)} not followed`
              : null,
          refused: false,
        });
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= opts.maxResponseBytes) {
          // Enough: the status is what counts; the rest of the answer is not read.
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(body);
  });
}
