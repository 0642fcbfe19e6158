import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let webDist: string;
const INDEX = '<!doctype html><title>Sinetti</title><div id="root"></div>';

beforeAll(async () => {
  // A stand-in build of the web app.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-web-app-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');
  t = await buildTestApp({ WEB_DIST: webDist, JOBS_WORKER: 'false' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, accept?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: accept === undefined ? {} : { accept } });

describe('the web app and its client-side routes', () => {
  it.each([
    ['a browser', 'text/html,application/xhtml+xml,*/*;q=0.8'],
    ['a mail scanner (*/*)', '*/*'],
    ['a link checker without Accept', undefined],
  ])('answers the HTML app to %s on a signing link and app routes', async (_who, accept) => {
    for (const url of ['/public/sign/Zm9vYmFy?lang=fi', '/documents', '/document/abc', '/signin']) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers HEAD on an app route with the HTML headers', async () => {
    const res = await get('/public/sign/Zm9vYmFy', '*/*', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers JSON 404 under the server paths (/api, /.well-known; /oidc in sign-in-providers) whatever the Accept', async () => {
    for (const accept of ['*/*', 'text/html', undefined]) {
      for (const url of ['/api/no-such-call', '/api', '/.well-known/x']) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
      }
    }
  });

  it('answers 404 (not the app) for a missing file asked for with */*', async () => {
    for (const url of ['/assets/gone-5678.js', '/robots.txt', '/favicon.ico']) {
      const res = await get(url, '*/*');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    const present = await get('/assets/app-1234.js', '*/*');
    expect(present.statusCode).toBe(200);
    expect(present.body).toBe('console.log(1);');
  });

  it('answers JSON 404 to a client that asks only for JSON', async () => {
    const res = await get('/documents', 'application/json');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
