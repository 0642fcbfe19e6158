import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS } from '@sinetti/contract';
import { sessions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('health and envelope', () => {
  it('answers health with the database up', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', database: 'up' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends strict security headers', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with NOT_FOUND in the envelope', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'ERROR', code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.operationId).toBe('system.health');
  });
});

describe('sessions', () => {
  it('refuses a call without a session', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/authentication/accounts' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_INVALID');
  });

  it('refuses a made-up session id', async () => {
    const res = await t.call(null, {
      method: 'GET',
      url: '/api/authentication/accounts',
      headers: { 'session-id': 'made-up' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_INVALID');
  });

  it('answers UNAUTHORIZED_ACCESS once the session has been idle for 2 hours, and slides while used', async () => {
    const user = await t.signUp();
    const ok = () => t.call(user, { method: 'GET', url: '/api/privileges/account-roles' });
    t.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await ok()).statusCode).toBe(200);
    t.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await ok()).statusCode).toBe(200);
    t.clock.advance(SESSION_TTL_MS + 1);
    const res = await ok();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED_ACCESS');
  });

  it('counts a use whose record is still being written, at the edge of the idle expiry', async () => {
    const user = await t.signUp();
    const ok = () => t.call(user, { method: 'GET', url: '/api/privileges/account-roles' });
    // The session's touch (written beside the call) is held: its row keeps the older last use meanwhile, as
    // it does on a loaded machine until the touch commits.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const db = t.database.db;
    const update = db.update.bind(db);
    const spy = vi
      .spyOn(db, 'update')
      .mockImplementation(((table: unknown) =>
        table === sessions
          ? { set: () => ({ where: () => held }) }
          : update(table as typeof sessions)) as unknown as typeof db.update);
    try {
      t.clock.advance(SESSION_TTL_MS - 60_000);
      expect((await ok()).statusCode).toBe(200);
      t.clock.advance(SESSION_TTL_MS - 60_000);
      expect((await ok()).statusCode).toBe(200);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('refuses a company-id the account does not belong to with NOT_FOUND', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const res = await t.call(a, {
      method: 'GET',
      url: '/api/privileges/account-roles',
      company: b.personalOrganizationId,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const malformed = await t.call(a, {
      method: 'GET',
      url: '/api/privileges/account-roles',
      company: 'nope',
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('answers SETUP_REQUIRED for organization calls before setup is complete', async () => {
    const user = await t.signUp({ setupComplete: false });
    const res = await t.call(user, { method: 'GET', url: '/api/privileges/account-roles' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SETUP_REQUIRED');
  });
});

describe('malformed requests', () => {
  it('answers over-long path parameters and bad URL encoding in the envelope', async () => {
    const user = await t.signUp();
    const long = await t.call(user, {
      method: 'GET',
      url: `/api/authentication/language/${'x'.repeat(600)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    const badEncoding = await t.call(user, { method: 'GET', url: '/api/authentication/language/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json().status).toBe('ERROR');
  });

  it('answers malformed JSON with VALIDATION_FAILED, never 500', async () => {
    const user = await t.signUp({ setupComplete: false });
    const res = await t.call(user, {
      method: 'POST',
      url: '/api/authentication/setup',
      headers: { 'content-type': 'application/json' },
      payload: '{"companies": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
