import { and, eq } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invites } from '../src/db/schema/index.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const W = '/api/authentication';
const get = (user: TestUser | null, path: string) => t.call(user, { method: 'GET', url: `${W}${path}` });
const save = (user: TestUser, step: number | string, data: unknown) =>
  t.call(user, { method: 'POST', url: `${W}/wizard-step/${step}`, payload: { data } });
const wizardOf = (res: { json(): { wizard: unknown } }) =>
  res.json().wizard as { step: number; data: Record<string, unknown>; skipped: number[]; complete: boolean };

describe('setup wizard journey', () => {
  it('creates an organization with an invite: steps 1 → 6, then setup', async () => {
    const user = await t.signUp({ setupComplete: false });
    let res = await get(user, '/wizard/start');
    expect(res.statusCode).toBe(200);
    expect(wizardOf(res)).toEqual({ step: 1, data: {}, skipped: [], complete: false });

    res = await save(user, 1, { create: true });
    expect(wizardOf(res).step).toBe(2);
    res = await save(user, 2, { name: 'Acme Oy' });
    expect(wizardOf(res).step).toBe(3);
    res = await get(user, '/wizard/skip'); // step 3 skips itself on load
    expect(wizardOf(res)).toMatchObject({ step: 4, skipped: [3] });
    res = await save(user, 4, { emails: ['colleague@acme.fi', ''] });
    expect(wizardOf(res).step).toBe(5);
    res = await get(user, '/wizard/skip'); // step 5 skips itself on load
    expect(wizardOf(res)).toMatchObject({ step: 6, skipped: [3, 5] });

    res = await get(user, '/wizard-steps');
    expect(wizardOf(res)).toEqual({
      step: 6,
      skipped: [3, 5],
      complete: false,
      data: { 1: { create: true }, 2: { name: 'Acme Oy' }, 4: { emails: ['colleague@acme.fi'] } },
    });

    res = await t.call(user, {
      method: 'POST',
      url: `${W}/setup`,
      payload: { companies: ['Acme Oy'], invites: ['colleague@acme.fi', ''], language: 'fi' },
    });
    expect(res.statusCode).toBe(200);
    const { account } = res.json();
    expect(account.organizations.map((o: { name: string }) => o.name)).toEqual(['Personal', 'Acme Oy']);
    const acme = account.organizations[1];
    expect(acme).toMatchObject({ isDefault: true, isMine: true, isPersonal: false, canLeave: false });
    expect(account.defaultOrganization).toBe(acme.id);
    expect(account.selectedOrganization).toBe(acme.id);
    expect(account.wizard).toBe(false);
    expect(account.wizardSteps.complete).toBe(true);
    expect(account.language).toBe('fi');

    const pending = await t.database.db
      .select()
      .from(invites)
      .where(and(eq(invites.organizationId, acme.id), eq(invites.status, 'pending')));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      email: 'colleague@acme.fi',
      invitedBy: user.accountId,
      platform: 'google',
    });

    const session = await get(user, '/accounts');
    expect(session.json().session.status).toBe('OK');
  });

  it('skips organization creation: step 1 skip lands on 5, back from 6 lands on 1', async () => {
    const user = await t.signUp({ setupComplete: false });
    await get(user, '/wizard/start');
    let res = await get(user, '/wizard/skip');
    expect(wizardOf(res)).toMatchObject({ step: 5, skipped: [2, 3, 4], data: { 1: { create: false } } });
    res = await get(user, '/wizard/skip');
    expect(wizardOf(res)).toMatchObject({ step: 6, skipped: [2, 3, 4, 5] });
    res = await get(user, '/wizard-step/5');
    expect(wizardOf(res).step).toBe(1);

    // Changing one's mind brings the organization steps back.
    res = await save(user, 1, { create: true });
    expect(wizardOf(res)).toMatchObject({ step: 2, skipped: [5] });
  });

  it('keeps the organization name when going back, and skipping step 4 goes to 5', async () => {
    const user = await t.signUp({ setupComplete: false });
    await save(user, 1, { create: true });
    await save(user, 2, { name: 'Keep Me' });
    await get(user, '/wizard/skip');
    let res = await get(user, '/wizard-step/2');
    expect(wizardOf(res)).toMatchObject({ step: 2, data: { 2: { name: 'Keep Me' } } });
    res = await get(user, '/wizard-step/4');
    expect(wizardOf(res).step).toBe(4);
    res = await get(user, '/wizard/skip');
    expect(wizardOf(res)).toMatchObject({ step: 5, skipped: [3], data: { 4: { emails: [] } } });
  });

  it('refuses to skip steps that cannot be skipped', async () => {
    const user = await t.signUp({ setupComplete: false });
    await save(user, 1, { create: true });
    const res = await get(user, '/wizard/skip');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'CONFLICT', reason: 'STEP_NOT_SKIPPABLE' });
  });

  it('reset clears the data and goes back to step 1', async () => {
    const user = await t.signUp({ setupComplete: false });
    await save(user, 1, { create: true });
    await save(user, 2, { name: 'Acme' });
    const res = await get(user, '/wizard-reset');
    expect(wizardOf(res)).toEqual({ step: 1, data: {}, skipped: [], complete: false });
    expect(wizardOf(await get(user, '/wizard-steps')).step).toBe(1);
  });

  it('keeps each account’s wizard to itself', async () => {
    const a = await t.signUp({ setupComplete: false });
    const b = await t.signUp({ setupComplete: false });
    await save(a, 1, { create: true });
    expect(wizardOf(await get(b, '/wizard-steps'))).toEqual({
      step: 1,
      data: {},
      skipped: [],
      complete: false,
    });
  });
});

describe('wizard validation', () => {
  it('needs an organization name on step 2', async () => {
    const user = await t.signUp({ setupComplete: false });
    for (const data of [{ name: '' }, { name: '   ' }]) {
      const res = await save(user, 2, data);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { name: 'Organization name is required.' },
      });
    }
    const wrongType = await save(user, 2, { name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(errorOf(wrongType).fields).toHaveProperty('name');
  });

  it('stops the invite step at the first invalid address', async () => {
    const user = await t.signUp({ setupComplete: false });
    const res = await save(user, 4, { emails: ['ok@acme.fi', '', 'not-an-address', 'also@bad'] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid email address: not-an-address',
      fields: { emails: 'Invalid email address: not-an-address' },
    });
    const notAList = await save(user, 4, { emails: 'ok@acme.fi' });
    expect(notAList.statusCode).toBe(400);
    expect(errorOf(notAList).fields).toHaveProperty('emails');
    expect(wizardOf(await get(user, '/wizard-steps')).step).toBe(1);
  });

  it('needs a boolean on step 1', async () => {
    const user = await t.signUp({ setupComplete: false });
    const res = await save(user, 1, { create: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('create');
  });

  it('answers 400 for step ids out of range or not numbers', async () => {
    const user = await t.signUp({ setupComplete: false });
    for (const id of ['0', '7', 'abc', '1.5']) {
      const go = await get(user, `/wizard-step/${id}`);
      expect(go.statusCode, id).toBe(400);
      expect(errorOf(go).fields).toHaveProperty('id');
      const post = await save(user, id, {});
      expect(post.statusCode, id).toBe(400);
    }
  });

  it('answers 400 for malformed bodies, never 500', async () => {
    const user = await t.signUp({ setupComplete: false });
    const malformed = await t.call(user, {
      method: 'POST',
      url: `${W}/wizard-step/2`,
      headers: { 'content-type': 'application/json' },
      payload: '{"data": {',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_FAILED');
    const dataNotObject = await save(user, 2, 'Acme');
    expect(dataNotObject.statusCode).toBe(400);
    expect(errorOf(dataNotObject).fields).toHaveProperty('data');
    const bodyArray = await t.call(user, { method: 'POST', url: `${W}/wizard-step/2`, payload: [1, 2] });
    expect(bodyArray.statusCode).toBe(400);
    const text = await t.call(user, {
      method: 'POST',
      url: `${W}/wizard-step/2`,
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Acme',
    });
    expect(text.statusCode).toBe(400);
  });
});

describe('wizard access', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/wizard-steps'],
    ['GET', '/wizard/start'],
    ['GET', '/wizard/skip'],
    ['GET', '/wizard-step/2'],
    ['POST', '/wizard-step/2', { data: { name: 'Acme' } }],
    ['GET', '/wizard-reset'],
  ];

  it('answers CONFLICT to every wizard call once setup is complete', async () => {
    const user = await t.signUp();
    for (const [method, path, payload] of calls) {
      const res = await t.call(user, {
        method: method as 'GET' | 'POST',
        url: `${W}${path}`,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, path).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'CONFLICT',
        reason: 'SETUP_COMPLETE',
        message: 'Setup is already complete.',
      });
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(row?.wizard).toEqual({ step: 1, data: {}, skipped: [] });
  });

  it('refuses calls without a session, with a made-up one, and with an expired one', async () => {
    const user = await t.signUp({ setupComplete: false });
    for (const [method, path, payload] of calls) {
      const opts = {
        method: method as 'GET' | 'POST',
        url: `${W}${path}`,
        ...(payload ? { payload: payload as object } : {}),
      };
      const none = await t.call(null, opts);
      expect(none.statusCode).toBe(401);
      expect(errorOf(none).code).toBe('SESSION_INVALID');
      const madeUp = await t.call(null, { ...opts, headers: { 'session-id': 'x'.repeat(43) } });
      expect(errorOf(madeUp).code).toBe('SESSION_INVALID');
    }
    t.clock.advance(SESSION_TTL_MS + 1);
    const expired = await get(user, '/wizard-steps');
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('UNAUTHORIZED_ACCESS');
  });
});
