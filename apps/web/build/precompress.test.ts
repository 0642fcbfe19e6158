import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brotliQuality, LARGE_BYTES, PENDING_FILE, precompress, precompressPending } from './precompress.ts';

let root: string;
let dist: string;
const small = 'export const a = "small";\n'.repeat(100);
/** Text that compresses, larger than a "large" file (each line has at least 21 characters). */
const large = Array.from({ length: LARGE_BYTES / 20 }, (_, i) => `export const v${i} = ${i * 7919};\n`).join(
  '',
);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-precompress-'));
  dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'assets/small.js'), small);
  fs.writeFileSync(path.join(dist, 'assets/large.js'), large);
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify({ x: small }));
});
afterEach(() => {
  delete process.env.SINETTI_PRECOMPRESS;
  fs.rmSync(root, { recursive: true, force: true });
});

/** Runs the plugin as `vite build` would after writing the output. */
async function build(): Promise<void> {
  const plugin = precompress();
  const config = { root, build: { outDir: 'dist' }, logger: { info: () => {} } };
  (plugin.configResolved as (c: ResolvedConfig) => void)(config as unknown as ResolvedConfig);
  await (plugin.closeBundle as () => Promise<void>)();
}

/** Whether both copies of `file` exist and hold its bytes. */
function copiesOf(file: string): boolean {
  const full = path.join(dist, file);
  if (!fs.existsSync(`${full}.br`) || !fs.existsSync(`${full}.gz`)) return false;
  const data = fs.readFileSync(full);
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${full}.br`)).equals(data)).toBe(true);
  expect(zlib.gunzipSync(fs.readFileSync(`${full}.gz`)).equals(data)).toBe(true);
  return true;
}

describe('precompress', () => {
  it('writes brotli and gzip copies of every file at build time, and none of the manifests', async () => {
    expect(large.length).toBeGreaterThanOrEqual(LARGE_BYTES);
    await build();
    expect(copiesOf('assets/small.js')).toBe(true);
    expect(copiesOf('assets/large.js')).toBe(true);
    expect(fs.existsSync(path.join(dist, PENDING_FILE))).toBe(false);
    expect(fs.readdirSync(path.join(dist, '.vite'))).toEqual(['manifest.json']);
  });

  it('gives a build for npm start quick copies of the small files and leaves the rest for later', async () => {
    process.env.SINETTI_PRECOMPRESS = 'later';
    await build();
    expect(copiesOf('assets/small.js')).toBe(true);
    expect(copiesOf('assets/large.js')).toBe(false);
    const pending = path.join(dist, PENDING_FILE);
    expect(JSON.parse(fs.readFileSync(pending, 'utf8'))).toEqual(['assets/large.js', 'assets/small.js']);

    expect(await precompressPending(dist)).toBe(2);
    expect(copiesOf('assets/large.js')).toBe(true);
    expect(copiesOf('assets/small.js')).toBe(true);
    // The final copy replaced the quick one.
    const final = zlib.brotliCompressSync(small, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(small.length),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: small.length,
      },
    });
    expect(fs.readFileSync(path.join(dist, 'assets/small.js.br')).equals(final)).toBe(true);
    expect(fs.existsSync(pending)).toBe(false);
    // Written under a temporary name and renamed: nothing else is left beside the files.
    expect(fs.readdirSync(path.join(dist, 'assets')).sort()).toEqual([
      'large.js',
      'large.js.br',
      'large.js.gz',
      'small.js',
      'small.js.br',
      'small.js.gz',
    ]);
    expect(await precompressPending(dist)).toBe(0);
  });
});
