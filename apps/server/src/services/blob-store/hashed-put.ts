import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { BlobStore } from './types.ts';

export interface HashedPutOptions {
  contentType?: string;
  /** Bytes the first-bytes check wants to see (fewer when the whole stream is shorter). */
  headBytes?: number;
  /** Looks at the first bytes; an error returned here fails the write before anything is stored. */
  checkHead?: (head: Buffer, total: number) => Error | null;
  /** Checked when the stream ends (e.g. the multipart parser cut the file at its size limit). */
  checkEnd?: (size: number) => Error | null;
}

export interface StoredBlob {
  key: string;
  size: number;
  sha256: string;
}

/** Passes bytes through while hashing (SHA-256), counting and checking the first bytes. */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;

  constructor(private readonly opts: HashedPutOptions) {
    super();
  }

  private check(): Error | null {
    this.checked = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    return this.opts.checkHead?.(head, this.size) ?? null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (!this.checked) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength >= (this.opts.headBytes ?? 4096)) {
        const err = this.check();
        if (err) return done(err);
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    const err = (!this.checked ? this.check() : null) ?? this.opts.checkEnd?.(this.size) ?? null;
    done(err);
  }
}

/**
 * Streams `source` into the store under `key`, hashing and counting on the way; never holds the whole
 * file in memory. When a check fails or the source errors, nothing is left under the key and the
 * source is drained (so a multipart request can still finish) before the error is thrown.
 */
export async function putHashed(
  store: BlobStore,
  key: string,
  source: Readable,
  opts: HashedPutOptions = {},
): Promise<StoredBlob> {
  const inspector = new Inspector(opts);
  // A short source can end (and fail a check) before the store starts reading: keep the first error
  // here rather than let it go unhandled, and let it decide the outcome.
  let failure: unknown = null;
  inspector.on('error', (err) => (failure ??= err));
  source.on('error', (err) => inspector.destroy(err));
  source.pipe(inspector);
  try {
    await store.put(key, inspector, opts.contentType ? { contentType: opts.contentType } : {});
    if (failure) throw failure;
  } catch (err) {
    source.unpipe(inspector);
    if (!source.destroyed) source.resume();
    await store.delete(key).catch(() => undefined);
    throw failure ?? err;
  }
  return { key, size: inspector.size, sha256: inspector.hash.digest('hex') };
}
