import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Bytes per second that all bodies sharing it may be read at together (a leaky bucket with one second of
 * burst): reading, writing and the events of a flood of uploads stay a bounded share of the event loop.
 */
export class ReadRate {
  private at = 0;
  constructor(readonly bytesPerSecond: number) {}

  /** Resolves when `bytes` more may be read. */
  take(bytes: number): Promise<void> {
    const now = Date.now();
    this.at = Math.max(this.at, now - 1000) + (bytes * 1000) / this.bytesPerSecond;
    const wait = this.at - now;
    return wait > 0 ? new Promise((r) => setTimeout(r, wait)) : Promise.resolve();
  }
}

/** A request body kept in a temporary file while it is checked. */
export interface BodyFile {
  path: string;
  size: number;
}

export interface BodyToFileOptions {
  dir: string;
  /** The file name's start, e.g. `verify-`. */
  prefix: string;
  maxBytes: number;
  /** Bytes the body must contain, starting within its first `within` bytes (e.g. `%PDF-` within 1024). */
  magic: { bytes: Buffer; within: number };
  /** Shared with the other bodies of its kind: the next chunk is read only when the rate allows. */
  rate?: ReadRate;
  /** Called with the file's path as soon as it exists, so that the caller can remove it whatever happens. */
  created: (file: string) => void;
  tooLarge: () => Error;
  wrongStart: () => Error;
  empty: () => Error;
}

/**
 * Streams a request body into a new file of its own (mode 0600) with backpressure: a chunk is written before
 * the next is read, so the body never sits in memory. Stops at the first byte past `maxBytes`, or as soon as
 * the start of the body shows it is not the expected kind; then the file is removed, the rest of the body
 * is no longer read and the promise rejects with the caller's error.
 */
export async function bodyToFile(payload: Readable, o: BodyToFileOptions): Promise<BodyFile> {
  await fsp.mkdir(o.dir, { recursive: true, mode: 0o700 });
  const file = path.join(o.dir, `${o.prefix}${randomUUID()}`);
  const handle = await fsp.open(file, 'wx', 0o600);
  o.created(file);
  const headLength = o.magic.within + o.magic.bytes.length;
  return new Promise<BodyFile>((resolve, reject) => {
    let size = 0;
    let head = Buffer.alloc(0);
    let started = false;
    let settled = false;
    let writing: Promise<unknown> = Promise.resolve();

    const stop = (err: Error): void => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      // Whatever still arrives is dropped unread until the refusal has been answered and the connection closed.
      payload.resume();
      void writing
        .catch(() => undefined)
        .then(() => handle.close())
        .catch(() => undefined)
        .then(() => fsp.rm(file, { force: true }))
        .finally(() => reject(err));
    };

    const startsRight = (final: boolean): Error | null => {
      if (started) return null;
      const at = head.indexOf(o.magic.bytes);
      if (at >= 0 && at <= o.magic.within) {
        started = true;
        return null;
      }
      if (final) return size === 0 ? o.empty() : o.wrongStart();
      return head.length >= headLength ? o.wrongStart() : null;
    };

    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > o.maxBytes) return stop(o.tooLarge());
      if (!started) {
        head = Buffer.concat([head, chunk.subarray(0, headLength - head.length)]);
        const wrong = startsRight(false);
        if (wrong) return stop(wrong);
      }
      payload.pause();
      writing = Promise.all([handle.write(chunk), o.rate?.take(chunk.length)]).then(
        () => {
          if (!settled) payload.resume();
        },
        (err: Error) => stop(err),
      );
    }

    payload.on('data', onData);
    payload.once('error', (err) => stop(err));
    payload.once('close', () => {
      // Closed before its end: the client went away mid-body.
      if (!payload.readableEnded) stop(new Error('The request body was not completed.'));
    });
    payload.once('end', () => {
      void writing.then(async () => {
        if (settled) return;
        const wrong = startsRight(true);
        if (wrong) return stop(wrong);
        try {
          await handle.close();
        } catch (err) {
          return stop(err as Error);
        }
        settled = true;
        resolve({ path: file, size });
      });
    });
  });
}
