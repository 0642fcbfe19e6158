import http from 'node:http';
import { readdir } from 'node:fs/promises';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface OpenPost {
  /** The answer, as soon as the server sends one (the body may still be unsent). */
  reply: Promise<RawReply>;
  /** Sends more of the body. */
  write(chunk: Buffer | string): Promise<void>;
  end(): void;
  /** The client goes away mid-body. */
  abort(): void;
}

/**
 * A POST over a real connection whose body is sent piece by piece (never all of it unless `end` is called):
 * the server's answer can arrive while the body is unfinished, as a refusal before the body should.
 */
export function openPost(
  port: number,
  url: string,
  headers: Record<string, string>,
  first: Buffer | string = '',
): OpenPost {
  const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', headers, agent: false });
  const reply = new Promise<RawReply>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
    // Writing after the server closed the connection fails: only an error before any answer counts.
    req.on('error', (err) => setTimeout(() => reject(err), 2000));
  });
  void reply.catch(() => undefined);
  req.flushHeaders();
  if (first.length > 0) req.write(first);
  return {
    reply,
    write: (chunk) =>
      new Promise<void>((resolve) => {
        if (req.destroyed) return resolve();
        req.write(chunk, () => resolve());
      }),
    end: () => req.end(),
    abort: () => req.destroy(),
  };
}

/** Writes `total` bytes (`head` then repeats of one 64 KiB chunk) with backpressure, then ends. */
export async function stream(post: OpenPost, head: string, total: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  await post.write(head);
  sent += head.length;
  while (sent < total) {
    const piece = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
    await post.write(piece);
    sent += piece.length;
  }
  post.end();
}

/** The names in `dir` that start with `prefix` (none when it does not exist). */
export async function filesStarting(dir: string, prefix: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(prefix));
}

/** Waits until `check` holds (polling; the deadline only stops a hang, it is no timing assertion). */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const parse = (r: RawReply): { code?: string; reason?: string; details?: Record<string, number> } =>
  JSON.parse(r.body) as { code?: string; reason?: string; details?: Record<string, number> };
