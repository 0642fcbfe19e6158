import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let webDist: string;
const INDEX = '<!doctype html><head><title>Sinetti</title></head><div id="root"></div>'.padEnd(2000, ' ');
/** The page preloads the web build writes (apps/web/build/page-preloads.ts). */
const PRELOADS = {
  routes: [
    {
      path: '/signin',
      files: {
        en: ['assets/SignIn-1.js', 'assets/en-core-1.js'],
        fi: ['assets/SignIn-1.js', 'assets/fi-core-1.js'],
      },
    },
    {
      path: '/documents/:parent?',
      files: {
        en: ['assets/Documents-1.js', 'assets/app-1.css'],
        fi: ['assets/Documents-1.js', 'assets/app-1.css'],
      },
    },
  ],
  other: { en: ['assets/boot-1.js'], fi: ['assets/boot-1.js'] },
};
const NOTICES = 'Third-party software in Sinetti\n';
const SCRIPT = `export const greeting = ${JSON.stringify('hei '.repeat(500))};\n`;

/** A stand-in build as apps/web's build writes it: hashed assets with brotli and gzip copies. */
function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/app-Ab12Cd34.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A source map a build might leave (production builds make none: apps/web/vite.config.ts).
  fs.writeFileSync(path.join(dir, 'assets/app-Ab12Cd34.js.map'), '{"version":3,"sources":[]}');
  // The notices and SBOM the build writes (apps/web/build/third-party.ts).
  fs.writeFileSync(path.join(dir, 'third-party-notices.txt'), NOTICES);
  fs.writeFileSync(path.join(dir, 'sbom.cdx.json'), '{"bomFormat":"CycloneDX","specVersion":"1.5"}');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/page-preloads.json'), JSON.stringify(PRELOADS));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-web-static-'));
  writeBuild(webDist);
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the built web app', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when neither is', async () => {
    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes browsers revalidate index.html (the pages answered with it: below)', async () => {
    for (const url of ['/index.html']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it("preloads a page's own JavaScript in index.html, in the language the visit will render", async () => {
    const links = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'gzip', ...headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-language/);
      const html = zlib.gunzipSync(res.rawPayload).toString();
      expect(html.startsWith(INDEX.slice(0, 40)), url).toBe(true);
      return links(html);
    };
    expect(await page('/signin')).toEqual(['/assets/SignIn-1.js', '/assets/en-core-1.js']);
    expect(await page('/signin?lang=fi')).toEqual(['/assets/SignIn-1.js', '/assets/fi-core-1.js']);
    expect(await page('/signin', { 'accept-language': 'fi-FI,fi;q=0.9,en;q=0.8' })).toContain(
      '/assets/fi-core-1.js',
    );
    expect(await page('/signin?lang=en', { 'accept-language': 'fi' })).toContain('/assets/en-core-1.js');
    expect(await page('/documents')).toEqual(['/assets/Documents-1.js']);
    expect(await page('/documents/abc/')).toEqual(['/assets/Documents-1.js']);
    // A page's stylesheets are preloaded, not applied: they do not hold up index.html's splash.
    const documents = await get('/documents', { accept: 'text/html' });
    expect(documents.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/app-1.css">');
    expect(documents.body).not.toContain('rel="stylesheet"');
    expect(await page('/documents/abc/def')).toEqual(['/assets/boot-1.js']);
    expect(await page('/no-such-page')).toEqual(['/assets/boot-1.js']);

    const br = await get('/signin', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(links(zlib.brotliDecompressSync(br.rawPayload).toString())).toHaveLength(2);
    const plain = await get('/signin', { accept: 'text/html', 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(links(plain.body)).toHaveLength(2);
  });

  it('does not expose the compressed copies under their own names', async () => {
    const res = await get('/assets/app-Ab12Cd34.js.br', { accept: 'application/json' });
    expect(res.statusCode).toBe(404);
  });

  it('serves no source map, even one the build left in the output', async () => {
    for (const accept of ['*/*', 'application/json']) {
      const res = await get('/assets/app-Ab12Cd34.js.map', { accept });
      expect(res.statusCode, accept).toBe(404);
      expect(res.body, accept).not.toContain('"version":3');
    }
  });

  it('serves the third-party notices and the SBOM to anyone, signed in or not', async () => {
    const notices = await get('/third-party-notices.txt', { accept: 'text/html' });
    expect(notices.statusCode).toBe(200);
    expect(notices.headers['content-type']).toMatch(/^text\/plain/);
    expect(notices.headers['cache-control']).toBe('no-cache');
    expect(notices.body).toBe(NOTICES);
    const sbom = await get('/sbom.cdx.json');
    expect(sbom.statusCode).toBe(200);
    expect(sbom.json()).toMatchObject({ bomFormat: 'CycloneDX' });
  });
});
