/**
 * Organization API keys (issue #34 item 1; docs/decisions.md "API keys"): the SPEC calls apikey-requests,
 * apikey/{id}, apikey/none; login type API; a key's permissions within its creator's; revoked and expired
 * keys; another organization's objects; the per-key rate limit; the audit trail naming the key.
 */
import { API_KEY_PATTERN, P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents, roleAssignments, roles } from '../src/db/schema/index.ts';
import { settleTouches } from '../src/http/last-use.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';

const A = '/api/authentication';
let t: DocumentsTestApp;
let owner: TestUser;
let otherOwner: TestUser;

beforeAll(async () => {
  t = await buildDocumentsApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '40' });
  owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
  otherOwner = await t.organization(await t.signUp({ name: 'Oskar Other' }));
}, 120_000);
afterAll(async () => t?.close());

describe('the SPEC calls', () => {
  it('apikey/none shows what a new key may carry; POST apikey/none makes one and shows its secret once', async () => {
    const none = await t.json(owner, 'GET', `${A}/apikey/none`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().apiKey).toBeNull();
    expect(none.json().grantable).toContain(P.DOCUMENTS_CREATE);

    const made = await t.json(owner, 'POST', `${A}/apikey/none`, {
      name: 'Billing system',
      permissions: [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE],
    });
    expect(made.statusCode, made.body).toBe(200);
    const { apiKey, secret } = made.json();
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey).toMatchObject({ name: 'Billing system', state: 'active', lastUsed: null, expires: null });
    expect(apiKey.createdBy.id).toBe(owner.accountId);

    // Stored hashed: the secret is nowhere in the row.
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(secret.split('_')[2]);

    const one = await t.json(owner, 'GET', `${A}/apikey/${apiKey.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(secret);
    expect(one.json().apiKey.permissions).toEqual([P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);

    const list = await t.json(owner, 'GET', `${A}/apikey-requests`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().apiKeys.map((k: { id: string }) => k.id)).toContain(apiKey.id);
  });

  it('refuses bad input with 400 and a past expiry with its reason', async () => {
    for (const body of [
      {},
      { name: '', permissions: [P.DOCUMENTS_VIEW] },
      { name: 'x', permissions: [] },
      { name: 'x', permissions: [1] },
      { name: 'x', permissions: [18, 18] },
      { name: 'x', permissions: [18], expires: 'tomorrow' },
    ]) {
      expectError(await t.json(owner, 'POST', `${A}/apikey/none`, body), 400, 'VALIDATION_FAILED');
    }
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    expectError(
      await t.json(owner, 'POST', `${A}/apikey/none`, { name: 'x', permissions: [18], expires: past }),
      400,
      'VALIDATION_FAILED',
      'API_KEY_EXPIRY_PAST',
    );
    expectError(await t.json(owner, 'GET', `${A}/apikey/not-an-id`), 400, 'VALIDATION_FAILED');
  });

  it('needs organization edit details (8): a member without it is refused, one with it manages keys', async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    expectError(await t.json(viewer, 'GET', `${A}/apikey-requests`), 403, 'FORBIDDEN');
    expectError(await t.json(viewer, 'GET', `${A}/apikey/none`), 403, 'FORBIDDEN');
    expectError(
      await t.json(viewer, 'POST', `${A}/apikey/none`, { name: 'x', permissions: [P.DOCUMENTS_VIEW] }),
      403,
      'FORBIDDEN',
    );
    const admin = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
    expect((await t.json(admin, 'GET', `${A}/apikey-requests`)).statusCode).toBe(200);
  });

  it('another organization’s key answers 404 to show and to revoke', async () => {
    const foreign = await t.apiKey(otherOwner, [P.DOCUMENTS_VIEW]);
    expectError(await t.json(owner, 'GET', `${A}/apikey/${foreign.id}`), 404, 'NOT_FOUND');
    expectError(await t.json(owner, 'POST', `${A}/apikey/${foreign.id}/revoke`), 404, 'NOT_FOUND');
    const list = await t.json(owner, 'GET', `${A}/apikey-requests`);
    expect(list.body).not.toContain(foreign.id);
    const res = await t.keyLogin(foreign.secret);
    expect(res.statusCode).toBe(200);
  });
});

describe('what a key may do', () => {
  it('cannot be made with a permission its maker does not hold (403 PERMISSION_NOT_HELD)', async () => {
    const admin = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
    expectError(
      await t.json(admin, 'POST', `${A}/apikey/none`, {
        name: 'too much',
        permissions: [P.DOCUMENTS_VIEW, P.DOCUMENTS_DELETE],
      }),
      403,
      'FORBIDDEN',
      'PERMISSION_NOT_HELD',
    );
    const grantable = (await t.json(admin, 'GET', `${A}/apikey/none`)).json().grantable;
    expect(grantable).toEqual([P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
  });

  it('logs in to a session of its organization and acts within its own permissions only', async () => {
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    const login = await t.keyLogin(key.secret);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      status: 'OK',
      session: { selectedOrganization: owner.personalOrganizationId },
    });
    expect(login.json().account).toBeUndefined();
    const k = await t.keySession(key.secret, owner.personalOrganizationId);

    // Allowed: list and create documents.
    expect((await t.json(k, 'GET', '/api/documents/list')).statusCode).toBe(200);
    const made = await t.json(k, 'POST', '/api/documents/create/folder', { name: 'From the CRM' });
    expect(made.statusCode, made.body).toBe(200);
    // Not carried by the key, though the owner holds it: delete, roles, billing (owner only).
    const del = await t.json(k, 'POST', '/api/documents/delete', { documentId: made.json().document.id });
    expectError(del, 403, 'FORBIDDEN');
    expectError(await t.json(k, 'GET', '/api/privileges/roles'), 403, 'FORBIDDEN');
    expectError(await t.json(k, 'GET', '/api/plan/plan'), 403, 'FORBIDDEN');
    // Keys do not manage keys, nor act as the account (its sessions, its organizations, its language).
    expectError(await t.json(k, 'GET', `${A}/apikey-requests`), 403, 'FORBIDDEN', 'API_KEY_NOT_ALLOWED');
    expectError(await t.json(k, 'GET', `${A}/sessions/full`), 403, 'FORBIDDEN', 'API_KEY_NOT_ALLOWED');
    expectError(await t.json(k, 'GET', `${A}/accounts`), 403, 'FORBIDDEN', 'API_KEY_NOT_ALLOWED');
    // The key's sessions are not the person's.
    const own = (await t.json(owner, 'GET', `${A}/sessions/full`)).json().sessions;
    expect(own).toHaveLength(1);
  });

  it('never reaches another organization: its creator’s other organization answers 404', async () => {
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW]);
    const k = await t.keySession(key.secret, owner.personalOrganizationId);
    const personal = (await t.json(owner, 'GET', `${A}/accounts`)).json().account.organizations;
    const elsewhere = personal.find((o: { id: string }) => o.id !== owner.personalOrganizationId).id;
    const res = await t.call(k, { method: 'GET', url: '/api/documents/list', company: elsewhere });
    expectError(res, 404, 'NOT_FOUND');
    const foreignDoc = await t.create(otherOwner, 'folder', 'Not yours');
    expectError(await t.json(k, 'GET', `/api/documents/info/${foreignDoc.id}`), 404, 'NOT_FOUND');
  });

  it('loses what its creator loses, and everything when the creator leaves', async () => {
    const admin = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    const key = await t.apiKey(admin, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    const k = await t.keySession(key.secret, owner.personalOrganizationId);
    expect((await t.json(k, 'POST', '/api/documents/create/folder', { name: 'a' })).statusCode).toBe(200);
    const [held] = await t.database.db
      .select({ roleId: roleAssignments.roleId })
      .from(roleAssignments)
      .where(eq(roleAssignments.accountId, admin.accountId));
    await t.database.db
      .update(roles)
      .set({ permissions: [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW] })
      .where(eq(roles.id, held?.roleId ?? ''));
    expectError(await t.json(k, 'POST', '/api/documents/create/folder', { name: 'b' }), 403, 'FORBIDDEN');
    expect((await t.json(k, 'GET', '/api/documents/list')).statusCode).toBe(200);

    const leave = await t.json(admin, 'GET', `${A}/leave/${owner.personalOrganizationId}`);
    expect(leave.statusCode, leave.body).toBe(200);
    expectError(await t.json(k, 'GET', '/api/documents/list'), 404, 'NOT_FOUND');
    expectError(await t.keyLogin(key.secret), 401, 'SESSION_INVALID', 'API_KEY_INVALID');
  });
});

describe('which documents a key sees', () => {
  it('what its maker’s roles show; an owner’s key is not the owner and misses documents restricted to roles', async () => {
    const [role] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Legal', permissions: [] })
      .returning();
    const restricted = await t.create(owner, 'folder', 'Legal only');
    const add = await t.json(owner, 'GET', `/api/privileges/document-role/${restricted.id}/${role!.id}`);
    expect(add.statusCode, add.body).toBe(200);
    const lawyer = await t.member(owner, [P.ORG_EDIT_DETAILS, P.DOCUMENTS_VIEW]);
    await t.database.db.insert(roleAssignments).values({
      roleId: role!.id,
      accountId: lawyer.accountId,
      organizationId: owner.personalOrganizationId,
    });
    const ownersKey = await t.keySession(
      (await t.apiKey(owner, [P.DOCUMENTS_VIEW])).secret,
      owner.personalOrganizationId,
    );
    const lawyersKey = await t.keySession(
      (await t.apiKey(lawyer, [P.DOCUMENTS_VIEW])).secret,
      owner.personalOrganizationId,
    );
    expect((await t.json(owner, 'GET', `/api/documents/info/${restricted.id}`)).statusCode).toBe(200);
    expectError(await t.json(ownersKey, 'GET', `/api/documents/info/${restricted.id}`), 404, 'NOT_FOUND');
    expect((await t.json(lawyersKey, 'GET', `/api/documents/info/${restricted.id}`)).statusCode).toBe(200);
  });
});

describe('refused keys', () => {
  it('a wrong or unknown key is 401 API_KEY_INVALID', async () => {
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW]);
    const wrong = `${key.secret.slice(0, -4)}AAAA`;
    expectError(await t.keyLogin(wrong), 401, 'SESSION_INVALID', 'API_KEY_INVALID');
    expectError(await t.keyLogin('snt_nonsense'), 401, 'SESSION_INVALID', 'API_KEY_INVALID');
    expectError(await t.keyLogin(''), 400, 'VALIDATION_FAILED');
    expectError(
      await t.keyLogin(`snt_0123456789abcdef_${'A'.repeat(43)}`),
      401,
      'SESSION_INVALID',
      'API_KEY_INVALID',
    );
  });

  it('a revoked key is refused at login and its open sessions end at once', async () => {
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW]);
    const k = await t.keySession(key.secret, owner.personalOrganizationId);
    expect((await t.json(k, 'GET', '/api/documents/list')).statusCode).toBe(200);
    const revoked = await t.json(owner, 'POST', `${A}/apikey/${key.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().apiKey.state).toBe('revoked');
    expectError(await t.json(k, 'GET', '/api/documents/list'), 401, 'SESSION_INVALID');
    expectError(await t.keyLogin(key.secret), 401, 'SESSION_INVALID', 'API_KEY_REVOKED');
    // Again: OK, nothing changes.
    const again = await t.json(owner, 'POST', `${A}/apikey/${key.id}/revoke`);
    expect(again.json().apiKey.revoked).toBe(revoked.json().apiKey.revoked);
  });

  it('an expired key is refused at login and on the calls of a session opened before', async () => {
    const expires = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW], { expires });
    const k = await t.keySession(key.secret, owner.personalOrganizationId);
    expect((await t.json(k, 'GET', '/api/documents/list')).statusCode).toBe(200);
    t.clock.advance(11 * 60_000);
    expectError(await t.json(k, 'GET', '/api/documents/list'), 401, 'SESSION_INVALID', 'API_KEY_EXPIRED');
    expectError(await t.keyLogin(key.secret), 401, 'SESSION_INVALID', 'API_KEY_EXPIRED');
    const shown = await t.json(owner, 'GET', `${A}/apikey/${key.id}`);
    expect(shown.json().apiKey.state).toBe('expired');
  });
});

describe('use', () => {
  it('notes the last use at most once a minute', async () => {
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW]);
    const k = await t.keySession(key.secret, owner.personalOrganizationId);
    const lastUsed = async () => {
      // The key's use is recorded beside its call (http/last-use.ts touchBeside).
      await settleTouches();
      return (await t.json(owner, 'GET', `${A}/apikey/${key.id}`)).json().apiKey.lastUsed;
    };
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(20_000);
    await t.json(k, 'GET', '/api/documents/list');
    expect(await lastUsed()).toBe(first);
    t.clock.advance(45_000);
    await t.json(k, 'GET', '/api/documents/list');
    expect(await lastUsed()).not.toBe(first);
  });

  it('has its own rate limit per key (429 with Retry-After), which leaves other keys alone', async () => {
    t.clock.advance(60_000);
    const busy = await t.keySession(
      (await t.apiKey(owner, [P.DOCUMENTS_VIEW])).secret,
      owner.personalOrganizationId,
    );
    const calm = await t.keySession(
      (await t.apiKey(owner, [P.DOCUMENTS_VIEW])).secret,
      owner.personalOrganizationId,
    );
    let refused = null;
    for (let i = 0; i < 45 && !refused; i += 1) {
      const res = await t.json(busy, 'GET', '/api/documents/stats');
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused, 'the 41st call in a minute is refused').not.toBeNull();
    expectError(refused!, 429, 'RATE_LIMITED');
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.json(calm, 'GET', '/api/documents/stats')).statusCode).toBe(200);
    // People are not counted against keys.
    expect((await t.json(owner, 'GET', '/api/documents/stats')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await t.json(busy, 'GET', '/api/documents/stats')).statusCode).toBe(200);
  });

  it('is audited naming the key: made, used to log in, acting, revoked', async () => {
    const key = await t.apiKey(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE], { name: 'Audit me' });
    const k = await t.keySession(key.secret, owner.personalOrganizationId);
    const made = await t.json(k, 'POST', '/api/documents/create/folder', { name: 'Audited folder' });
    expect(made.statusCode).toBe(200);
    await t.json(owner, 'POST', `${A}/apikey/${key.id}/revoke`);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, owner.personalOrganizationId)));
    const named = events.filter((e) => (e.data as { apiKey?: { id: string } }).apiKey?.id === key.id);
    const actions = named.map((e) => e.action);
    expect(actions).toContain('api_key.login');
    expect(actions.some((a) => a.startsWith('document.'))).toBe(true);
    expect(named.find((e) => e.action.startsWith('document.'))?.data).toMatchObject({
      apiKey: { id: key.id, name: 'Audit me' },
    });
    const byOwner = events.filter((e) => e.subjectId === key.id).map((e) => e.action);
    expect(byOwner).toEqual(expect.arrayContaining(['api_key.created', 'api_key.revoked']));
  });

  it('an organization has at most 50 live keys (409 API_KEY_LIMIT_REACHED)', async () => {
    const org = await t.organization(await t.signUp());
    for (let i = 0; i < 50; i += 1) await t.apiKey(org, [P.DOCUMENTS_VIEW], { name: `k${i}` });
    expectError(
      await t.json(org, 'POST', `${A}/apikey/none`, { name: 'one more', permissions: [P.DOCUMENTS_VIEW] }),
      409,
      'CONFLICT',
      'API_KEY_LIMIT_REACHED',
    );
  });
});

it('the OpenAPI document describes key authentication and the key calls', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.info.description).toContain('"type":"API"');
  expect(doc.components.securitySchemes.session.description).toContain('API key');
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/authentication/apikey-requests',
      '/api/authentication/apikey/{id}',
      '/api/authentication/apikey/none',
      '/api/authentication/apikey/{id}/revoke',
    ]),
  );
});
