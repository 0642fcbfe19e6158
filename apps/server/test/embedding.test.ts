/**
 * Embedded signing (issue #34 item 3; docs/decisions.md "Embedded signing"): an organization's embedding
 * origins, managed with organization edit details (8), and the per-request `frame-ancestors` of its public
 * signing pages: its origins on its own signing pages only, never on another organization's, an unknown
 * token's or any other page; X-Frame-Options dropped only where the list applies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMBED_ORIGINS_MAX, normaliseOrigin, P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema/index.ts';
import { checkEmbedOrigin } from '../src/commands/embedding.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

const E = '/api/embedding';
const INDEX = '<!doctype html><title>Sinetti</title><div id="root"></div>';

let t: SigningTestApp;
let webDist: string;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-embed-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  t = await buildSigningApp({ WEB_DIST: webDist });
  owner = await t.organization(await t.signUp({ name: 'Emma Embed' }));
  other = await t.organization(await t.signUp({ name: 'Otto Other' }));
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const ancestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

/** A contract of `user`'s organization sent to one signee: the signee's link token. */
async function sentTo(user: TestUser, name: string): Promise<{ link: string; docId: string; email: string }> {
  await t.fund(user, 20);
  const doc = await t.contract(user, name, 1);
  const email = uniqueEmail('signee');
  await t.addSignee(user, doc.id, { givenName: 'Sini', familyName: 'Signee', email });
  expect((await t.json(user, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  return { link: await t.linkOf(email), docId: doc.id, email };
}

describe('normalising an origin (contract)', () => {
  it.each([
    ['HTTPS://Example.COM/', 'https://example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://localhost:80', 'http://localhost'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    [' http://127.0.0.1:5173 ', 'http://127.0.0.1:5173'],
  ])('%s → %s', (input, output) => expect(normaliseOrigin(input)).toBe(output));

  it.each([
    'https://example.com/path',
    'https://*.example.com',
    'https://example.com?x=1',
    'https://user@example.com',
    'ftp://example.com',
    'example.com',
    'https://example.com:99999',
    "https://example.com 'unsafe-inline'",
    'https://exa;mple.com',
  ])('refuses %s', (input) => expect(normaliseOrigin(input)).toBeNull());
});

describe('managing the origins', () => {
  it('starts empty, stores the list normalised, replaces it, and records the change', async () => {
    expect((await t.json(owner, 'GET', E)).json()).toEqual({ status: 'OK', origins: [] });
    const set = await t.json(owner, 'POST', E, {
      origins: ['HTTPS://Shop.Example.com:443/', 'http://localhost:5173'],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().origins).toEqual(['https://shop.example.com', 'http://localhost:5173']);
    expect((await t.json(owner, 'GET', E)).json().origins).toEqual([
      'https://shop.example.com',
      'http://localhost:5173',
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'embedding.updated'),
          eq(auditEvents.organizationId, owner.personalOrganizationId),
        ),
      );
    expect(audit?.data).toMatchObject({ origins: ['https://shop.example.com', 'http://localhost:5173'] });
    // The other organization's list is its own.
    expect((await t.json(other, 'GET', E)).json().origins).toEqual([]);
    await t.json(owner, 'POST', E, { origins: [] });
    expect((await t.json(owner, 'GET', E)).json().origins).toEqual([]);
  });

  it('refuses paths, wildcards, duplicates (after normalising), more than the maximum, and http to other hosts', async () => {
    for (const origins of [
      ['https://example.com/embed'],
      ['https://*.example.com'],
      ['https://example.com', 'https://EXAMPLE.com/'],
      Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example.com`),
      'https://example.com',
    ]) {
      expectError(await t.json(owner, 'POST', E, { origins }), 400, 'VALIDATION_FAILED');
    }
    expectError(
      await t.json(owner, 'POST', E, { origins: ['http://shop.example.com'] }),
      400,
      'VALIDATION_FAILED',
      'EMBED_ORIGIN_NOT_ALLOWED',
    );
    const ten = Array.from({ length: EMBED_ORIGINS_MAX }, (_, i) => `https://s${i}.example.com`);
    expect((await t.json(owner, 'POST', E, { origins: ten })).statusCode).toBe(200);
    await t.json(owner, 'POST', E, { origins: [] });
  });

  it('needs organization edit details (8)', async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    expectError(await t.json(viewer, 'GET', E), 403, 'FORBIDDEN');
    expectError(await t.json(viewer, 'POST', E, { origins: [] }), 403, 'FORBIDDEN');
    const admin = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
    expect((await t.json(admin, 'GET', E)).statusCode).toBe(200);
  });
});

describe('frame-ancestors per request', () => {
  let mine: { link: string; docId: string; email: string };
  let theirs: { link: string; docId: string; email: string };

  beforeAll(async () => {
    await t.json(owner, 'POST', E, { origins: ['https://shop.example.com', 'http://localhost:5173'] });
    mine = await sentTo(owner, 'Embedded lease');
    theirs = await sentTo(other, 'Other lease');
  }, 120_000);

  it("the organization's signing pages may be framed by its origins, without X-Frame-Options", async () => {
    const session = await t.startSession(mine.link);
    for (const url of [
      `/public/sign/${mine.link}`,
      `/public/sign/${mine.link}?lang=fi`,
      `/public/session/${session}`,
      `/public/signing/success/${mine.docId}`,
      `/public/signing/declined/${mine.docId}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(ancestors(res.headers['content-security-policy']), url).toBe(
        "'self' https://shop.example.com http://localhost:5173",
      );
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // The page learns the same list, to post its events to these origins only.
    expect((await t.pub('GET', `/api/signing/status/signee/${mine.link}`)).json().embedOrigins).toEqual([
      'https://shop.example.com',
      'http://localhost:5173',
    ]);
    expect((await t.pub('GET', `/api/signing/session/${session}`)).json().embedOrigins).toEqual([
      'https://shop.example.com',
      'http://localhost:5173',
    ]);
  });

  it("another organization's signing page, unknown tokens and other pages keep frame-ancestors 'none'", async () => {
    for (const url of [
      `/public/sign/${theirs.link}`,
      `/public/signing/success/${theirs.docId}`,
      '/public/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/public/session/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/public/signing/success/00000000-0000-4000-8000-000000000000',
      '/public/signing/success/not-a-uuid',
      '/documents',
      '/signin',
      `/document/${mine.docId}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(ancestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    expect(
      (await t.pub('GET', `/api/signing/status/signee/${theirs.link}`)).json().embedOrigins,
    ).toBeUndefined();
    // The API itself is never framed with the list.
    const api = await t.pub('GET', `/api/signing/status/signee/${mine.link}`);
    expect(ancestors(api.headers['content-security-policy'])).toBe("'none'");
  });

  it('a change of the list applies to the next request', async () => {
    await t.json(owner, 'POST', E, { origins: ['https://new.example.com'] });
    const res = await page(`/public/sign/${mine.link}`);
    expect(ancestors(res.headers['content-security-policy'])).toBe("'self' https://new.example.com");
    await t.json(owner, 'POST', E, { origins: [] });
    const none = await page(`/public/sign/${mine.link}`);
    expect(ancestors(none.headers['content-security-policy'])).toBe("'none'");
    expect(none.headers['x-frame-options']).toBe('SAMEORIGIN');
    await t.json(owner, 'POST', E, { origins: ['https://shop.example.com', 'http://localhost:5173'] });
  });

  it('the signed page after signing keeps the list', async () => {
    const session = await t.startSession(mine.link);
    await t.confirmCode(session, mine.email);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl(16) },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const res = await page(`/public/signed/${mine.link}`);
    expect(ancestors(res.headers['content-security-policy'])).toContain('https://shop.example.com');
  });
});

describe('the http rule', () => {
  it('allows http for localhost outside production only; https always', () => {
    expect(() => checkEmbedOrigin('https://shop.example.com', true)).not.toThrow();
    expect(() => checkEmbedOrigin('http://localhost:5173', false)).not.toThrow();
    expect(() => checkEmbedOrigin('http://127.0.0.1:8080', false)).not.toThrow();
    expect(() => checkEmbedOrigin('http://localhost:5173', true)).toThrow(/only https/);
    expect(() => checkEmbedOrigin('http://shop.example.com', false)).toThrow(/localhost only/);
    expect(() => checkEmbedOrigin('http://localhost.example.com', false)).toThrow(/localhost only/);
  });
});
