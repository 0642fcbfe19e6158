import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; source maps are only fetched by developer tools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|woff)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;
/**
 * From this size on a file is "large": the lazily loaded editor (about 5.6 MB) and the pdf.js worker (about
 * 1.2 MB). Every page's first load is made of smaller files (the largest about 380 KB).
 */
export const LARGE_BYTES = 512 * 1024;
/**
 * Brotli quality by size (docs/decisions.md, "Compression of the build"). Measured on the build: the small
 * files (110, 2.5 MB) take 2.6 s of CPU at 11 and 1.2 s at 10 for 2 % more bytes, so the pages' first loads
 * get 11. The editor's 5.7 MB chunk takes 8.2 s at 11 and 0.7 s at 9 for 10 % more bytes (1.23 → 1.35 MB); it
 * and the pdf.js worker are fetched once and then cached for a year, so the large files get 9.
 */
export const brotliQuality = (bytes: number): number => (bytes < LARGE_BYTES ? 11 : 9);
/** A quick brotli for copies made on `npm start`'s way to a running server: 0.06 s of CPU for the small files. */
const QUICK_BROTLI = 6;
/** gzip -9 costs no more than -6 on these files (0.15 s of CPU for all); the bundle-size test measures it. */
const GZIP_LEVEL = 9;
/**
 * Files listed here (paths relative to the build's root) still need their final compressed copies. A build
 * for `npm start` (SINETTI_PRECOMPRESS=later) gives the small files quick copies and the large ones none, and
 * leaves the final copies of all to scripts/start.mjs, which makes them in the background once the server
 * answers; until then the server sends the quick copies, and the large files uncompressed.
 */
export const PENDING_FILE = '.vite/precompress-pending.json';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // .vite holds the build's manifests, which the server reads but never sends.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `data` to `file` through a temporary name in the same folder and a rename, so that a reader (the
 * server looks for `<file>.br` on each request) sees no file or a whole one, never a half-written one. The
 * temporary name starts with a dot: the server neither lists nor serves dot files.
 */
async function writeWhole(file: string, data: Buffer): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

const brotliOptions = (data: Buffer, quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  },
});

interface CompressOptions {
  /** A quick brotli (QUICK_BROTLI) instead of the final quality (brotliQuality). */
  quick?: boolean;
  /** On the calling thread (which may run at a low priority) instead of zlib's thread pool. */
  onThisThread?: boolean;
}

/** Writes `<file>.br` (brotli, quality by size) and `<file>.gz` (gzip -9) beside a built file. */
export async function precompressFile(file: string, options: CompressOptions = {}): Promise<void> {
  const data = await fs.readFile(file);
  const br = brotliOptions(data, options.quick ? QUICK_BROTLI : brotliQuality(data.length));
  const [brotlied, gzipped] = options.onThisThread
    ? [zlib.brotliCompressSync(data, br), zlib.gzipSync(data, { level: GZIP_LEVEL })]
    : await Promise.all([brotli(data, br), gzip(data, { level: GZIP_LEVEL })]);
  await Promise.all([writeWhole(`${file}.br`, brotlied), writeWhole(`${file}.gz`, gzipped)]);
}

/**
 * Makes the final copies a build left for later (PENDING_FILE), one file at a time on the calling thread, the
 * large files (sent uncompressed until then) first; returns how many.
 */
export async function precompressPending(outDir: string): Promise<number> {
  const list = path.join(outDir, PENDING_FILE);
  let files: string[];
  try {
    files = JSON.parse(await fs.readFile(list, 'utf8')) as string[];
  } catch {
    return 0;
  }
  for (const file of files) await precompressFile(path.join(outDir, file), { onThisThread: true });
  await fs.rm(list, { force: true });
  return files.length;
}

/**
 * After the build, every compressible file in the output gets brotli and gzip siblings, which the
 * server sends as they are (@fastify/static preCompressed) instead of compressing on each request.
 * With SINETTI_PRECOMPRESS=later (npm start) the small files get quick copies and every file is listed in
 * PENDING_FILE for its final ones.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'sinetti-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const later = process.env.SINETTI_PRECOMPRESS === 'later';
      const small: string[] = [];
      const large: string[] = [];
      for await (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const { size } = await fs.stat(file);
        if (size >= LARGE_BYTES) large.push(file);
        else if (size >= MIN_BYTES) small.push(file);
      }
      const now = later ? small : [...small, ...large];
      const started = performance.now();
      await Promise.all(now.map((file) => precompressFile(file, { quick: later })));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      logger?.info(
        later
          ? `Quick brotli and gzip copies of ${now.length} files in ${seconds} s; the final ones and those of ` +
              `${large.length} large files follow once the server has started`
          : `Brotli and gzip copies of ${now.length} files in ${seconds} s`,
      );
      const pending = later ? [...large, ...small].map((file) => path.relative(outDir, file)) : [];
      if (pending.length > 0) {
        await fs.mkdir(path.dirname(path.join(outDir, PENDING_FILE)), { recursive: true });
        await fs.writeFile(path.join(outDir, PENDING_FILE), JSON.stringify(pending));
      }
    },
  };
}

// `node --import tsx apps/web/build/precompress.ts <outDir>` (scripts/start.mjs, in the background): the
// pending final copies, at the lowest CPU priority (of this thread, where they are made) so that the server
// keeps the processor.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  os.setPriority(os.constants.priority.PRIORITY_LOW);
  const outDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
  const count = await precompressPending(outDir);
  if (count > 0) console.warn(`The web build's ${count} files have their final brotli and gzip copies.`);
}
