import { Transform, type Readable } from 'node:stream';
import type { BlobStore } from '../src/services/blob-store/index.ts';

/** An error like the file system's (`ENOSPC`, `EROFS`, `EDQUOT`...). */
export function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated storage failure, write`), {
    code,
    errno: -28,
    syscall: 'write',
  });
}

/**
 * A blob store whose writes fail like a full or read-only disk while `fault.code` is set: the real store
 * receives the first `afterBytes` bytes (a temporary file is really half-written), then the error. The
 * health check's probe write fails the same way.
 */
export function faultyBlobStore(
  inner: BlobStore,
  fault: { code: string | null; afterBytes?: number },
): BlobStore {
  return {
    kind: inner.kind,
    get: (key) => inner.get(key),
    head: (key) => inner.head(key),
    delete: (key) => inner.delete(key),
    list: (prefix) => inner.list(prefix),
    sweepIncomplete: (before, writerGone) => inner.sweepIncomplete(before, writerGone),
    close: () => inner.close(),
    async probeWrite() {
      if (fault.code) throw fsError(fault.code);
      return inner.probeWrite();
    },
    async put(key: string, body: Readable, opts?: { contentType?: string }) {
      const code = fault.code;
      if (!code) return inner.put(key, body, opts);
      let seen = 0;
      const limit = fault.afterBytes ?? 1024;
      const failing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          seen += chunk.length;
          if (seen > limit) return done(fsError(code));
          done(null, chunk);
        },
      });
      body.on('error', (err) => failing.destroy(err));
      // The store sees the first error; chunks still in flight after it must not raise it again.
      failing.on('error', () => undefined);
      return inner.put(key, body.pipe(failing), opts);
    },
  };
}
