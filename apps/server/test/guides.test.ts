import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';

// guides/ (SPEC §7.6, issue 14 item 1): each account's own progress in the dashboard tour.
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const states = (user: TestUser | null) => app.call(user, { method: 'GET', url: '/api/guides/states' });
const set = (user: TestUser | null, payload: unknown) =>
  app.call(user, { method: 'POST', url: '/api/guides/set', payload: payload as object });

describe('guides', () => {
  it('reads a guide never started as not complete, at its first step', async () => {
    const user = await app.signUp();
    const res = await states(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'OK',
      guides: { states: { dashboard: false }, progress: { dashboard: { complete: false, step: 0 } } },
    });
  });

  it('keeps the step reached; next only moves forward, and complete stays complete', async () => {
    const user = await app.signUp();
    expect((await set(user, { name: 'dashboard', complete: false, step: 3 })).statusCode).toBe(200);
    expect((await states(user)).json().guides.progress.dashboard).toEqual({ complete: false, step: 3 });
    // A late "next" from another tab does not take the account back.
    await set(user, { name: 'dashboard', complete: false, step: 1 });
    expect((await states(user)).json().guides.progress.dashboard).toEqual({ complete: false, step: 3 });
    // Skip (or done) completes the whole guide, and nothing reopens it.
    await set(user, { name: 'dashboard', complete: true });
    await set(user, { name: 'dashboard', complete: false, step: 2 });
    const after = (await states(user)).json().guides;
    expect(after.states).toEqual({ dashboard: true });
    expect(after.progress.dashboard).toEqual({ complete: true, step: 7 });
  });

  it("is each account's own: one account's progress never shows in another's", async () => {
    const olli = await app.signUp();
    const maija = await app.signUp();
    await set(olli, { name: 'dashboard', complete: true });
    expect((await states(olli)).json().guides.states.dashboard).toBe(true);
    expect((await states(maija)).json().guides.states.dashboard).toBe(false);
  });

  it('works before the setup wizard is done, and needs a session', async () => {
    const fresh = await app.signUp({ setupComplete: false });
    expect((await set(fresh, { name: 'dashboard', complete: true })).statusCode).toBe(200);
    expectError(await states(null), 401, 'SESSION_INVALID');
    expectError(await set(null, { name: 'dashboard', complete: true }), 401, 'SESSION_INVALID');
  });

  it('is offered unless the operator switches it off (GUIDED_TOUR=false)', async () => {
    const config = async (t: TestApp) => (await t.call(null, { method: 'GET', url: '/api/config' })).json();
    expect((await config(app)).tour).toBe(true);
    const off = await buildTestApp({ GUIDED_TOUR: 'false' });
    try {
      expect((await config(off)).tour).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('refuses unknown guides and steps out of range with 400, not a 500', async () => {
    const user = await app.signUp();
    for (const body of [
      { name: 'other', complete: true },
      { name: 'dashboard', complete: false, step: 8 },
      { name: 'dashboard', complete: false, step: -1 },
      { name: 'dashboard', complete: 'yes' },
      { name: 'dashboard' },
    ]) {
      const res = await set(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'ERROR' });
    }
    expect((await states(user)).json().guides.states.dashboard).toBe(false);
  });
});
