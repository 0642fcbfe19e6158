import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, assertValidKey, type BlobInfo, type BlobStore } from './types.ts';

const TMP = '.incoming';

/**
 * A temporary file's name says who writes it, `<host>:<pid>:<uuid>` (the jobs' owner format, see
 * jobs/owner.ts): at start the files of writers that are certainly dead are removed at once.
 */
const tmpName = () => `${os.hostname()}:${process.pid}:${randomUUID()}`;

/**
 * Blobs as files under one directory (by default DATA_DIR/blobs). A write goes to a temporary file in
 * `.incoming/`, is flushed, then renamed into place: a reader never sees a half-written blob, and a crash
 * leaves only a temporary file that sweepIncomplete removes.
 */
export class FsBlobStore implements BlobStore {
  readonly kind = 'fs';
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, TMP);
    await fsp.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, tmpName());
    try {
      const out = fs.createWriteStream(tmp, { flags: 'wx' });
      await pipeline(body, out);
      const handle = await fsp.open(tmp, 'r+');
      await handle.sync().finally(() => handle.close());
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new BlobNotFoundError(key);
      throw err;
    });
    return handle.createReadStream();
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const st = await fsp.stat(this.pathOf(key));
      return { key, size: st.size, lastModified: st.mtime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    yield* this.walk(this.root, '', prefix);
  }

  private async *walk(dir: string, keyPrefix: string, wanted: string): AsyncIterable<BlobInfo> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      if (entry.name === TMP && keyPrefix === '') continue;
      const key = keyPrefix + entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const sub = `${key}/`;
        if (sub.startsWith(wanted) || wanted.startsWith(sub)) yield* this.walk(full, sub, wanted);
      } else if (entry.isFile() && key.startsWith(wanted)) {
        const st = await fsp.stat(full).catch(() => null);
        if (st) yield { key, size: st.size, lastModified: st.mtime };
      }
    }
  }

  async probeWrite(): Promise<void> {
    const dir = path.join(this.root, TMP);
    await fsp.mkdir(dir, { recursive: true });
    const file = path.join(dir, `probe-${randomUUID()}`);
    try {
      const handle = await fsp.open(file, 'wx');
      await handle
        .writeFile('ok')
        .then(() => handle.sync())
        .finally(() => handle.close());
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  async sweepIncomplete(before: Date, writerGone?: (writer: string) => boolean): Promise<number> {
    const dir = path.join(this.root, TMP);
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const st = await fsp.stat(file).catch(() => null);
      if (st && (st.mtime < before || writerGone?.(name))) {
        await fsp.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async close(): Promise<void> {}
}
