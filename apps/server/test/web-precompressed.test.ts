import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

// `npm start` compresses the build's large files (the editor's chunk) after the server answers
// (scripts/start.mjs, apps/web/build/precompress.ts): until their copies exist the server must send the file
// itself, and a copy being written (a dot-named temporary file, renamed when whole) is never sent.
let t: TestApp;
let webDist: string;
const EDITOR = 'assets/DocxEditor-Ab12Cd34.js';
const TEMP = `assets/.DocxEditor-Ab12Cd34.js.br.${process.pid}.tmp`;
const code = `export const editor = ${JSON.stringify('tekstiä '.repeat(4000))};\n`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-web-precompressed-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, EDITOR), code);
  fs.writeFileSync(path.join(webDist, TEMP), zlib.brotliCompressSync(code).subarray(0, 100));
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: '*/*', 'accept-encoding': 'br, gzip' } });

describe('a built file whose compressed copies are not written yet', () => {
  it('is sent as it is to a client that accepts brotli and gzip', async () => {
    const res = await get(`/${EDITOR}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(code);
  });

  it('is sent compressed once its copy is in place', async () => {
    fs.writeFileSync(path.join(webDist, `${EDITOR}.br`), zlib.brotliCompressSync(code));
    const res = await get(`/${EDITOR}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(code);
  });

  it('never sends a copy still being written', async () => {
    const res = await get(`/${TEMP}`);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.subarray(0, 100).equals(fs.readFileSync(path.join(webDist, TEMP)))).toBe(false);
  });
});
