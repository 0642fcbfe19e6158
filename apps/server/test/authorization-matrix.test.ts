/**
 * The authorization matrix (docs/decisions.md "Authorization"): every endpoint of the contract's `api`
 * × every kind of caller × their own organization's object and another's, with the exact status, no id of
 * anything the caller may not see in the reply, and nothing changed by a refused call. An endpoint without
 * a row in matrix-rows.ts fails the first test: whoever adds an endpoint adds its row.
 */
import { api, P, type Endpoint } from '@sinetti/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, roleAssignments, roles } from '../src/db/schema/index.ts';
import { cachedEndpointIds } from '../src/http/route.ts';
import type { TestUser } from './helper.ts';
import { ROWS, type Objects, type Row } from './matrix-rows.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
const endpoints = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);

/** The permissions that matter to some row: a member holding exactly one of them is a caller of its own. */
const RELEVANT = [...new Set(Object.values(ROWS).flatMap((r) => (r.grants ?? []).flat()))].sort(
  (a, b) => a - b,
);
/** What the member without the document's role and another organization's member hold. */
const BROAD = [
  P.DOCUMENTS_VIEW,
  P.DOCUMENTS_VIEW_ROLES,
  P.DOCUMENTS_CREATE,
  P.DOCUMENTS_EDIT,
  P.DOCUMENTS_EDIT_ROLES,
  P.DOCUMENTS_DELETE,
  P.DOCUMENTS_DELETE_ROLES,
  P.ORG_VIEW_BALANCE,
];

let owner: TestUser;
let ownerB: TestUser;
let none: TestUser;
let removed: TestUser;
let foreignMember: TestUser;
let withoutRole: TestUser;
/**
 * Sessions of API keys (login type API) made by members holding BROAD and organization edit details (and the
 * matrix role): one with BROAD, one whose maker has since lost every permission. (A key is never the owner,
 * so an owner's key would not see documents restricted to roles: api-keys.test.ts.)
 */
let keyBroad: TestUser;
let keyStripped: TestUser;
const single = new Map<number, TestUser>();
const several = new Map<string, TestUser>();
let own: Objects;
let foreign: Objects;
let hidden: Objects;

async function newRole(organizationId: string, name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(roles)
    .values({ organizationId, name, permissions: [] })
    .returning();
  if (!row) throw new Error('no role');
  return row.id;
}

async function spareMember(organizationId: string): Promise<string> {
  const user = await t.signUp();
  await t.database.db.insert(memberships).values({ organizationId, accountId: user.accountId });
  return user.accountId;
}

async function objectsOf(user: TestUser, name: string): Promise<Objects> {
  const organizationId = user.personalOrganizationId;
  const folder = await t.create(user, 'folder', `${name} folder`);
  const contract = await t.contract(user, `${name} contract`, 1);
  const template = await t.create(user, 'template', `${name} template`);
  const signee = await t.addSignee(user, contract.id, { email: `${name.toLowerCase()}@example.com` });
  expect(signee.statusCode).toBe(200);
  const bulk = await t.json(user, 'POST', `/api/bulk-send/start/${template.id}`, {
    csv: 'document name\nBulk\n',
  });
  expect(bulk.statusCode, bulk.body).toBe(200);
  return {
    organizationId,
    folder: folder.id,
    contract: contract.id,
    template: template.id,
    signee: signee.json().signee.id,
    role: await newRole(organizationId, `${name} role`),
    member: await spareMember(organizationId),
    bulkSend: bulk.json().bulkSend.id,
  };
}

/** A member of the owner's organization holding `permissions` and, unless told otherwise, the matrix role. */
async function memberWith(permissions: number[], withMatrixRole = true): Promise<TestUser> {
  const user = await t.member(owner, permissions as never[]);
  if (withMatrixRole) {
    await t.database.db
      .insert(roleAssignments)
      .values({ roleId: own.role, accountId: user.accountId, organizationId: owner.personalOrganizationId });
  }
  return user;
}

/** A session of a new API key that `maker` makes with `permissions` (as an integration signs in). */
async function keyCaller(maker: TestUser, permissions: number[]): Promise<TestUser> {
  const { secret } = await t.apiKey(maker, permissions, { name: 'Matrix key' });
  return t.keySession(secret, maker.personalOrganizationId);
}

/** A digest of everything a refused call must leave as it was. */
async function fingerprint(): Promise<string> {
  const rows = (table: string, order: string) =>
    sql.raw(`coalesce((select string_agg(x::text, '|' order by ${order}) from ${table} x), '')`);
  const result = await t.database.db.execute(sql`select md5(
    ${rows('documents', 'x.id')} || ${rows('signees', 'x.id')} ||
    ${rows('document_roles', 'x.document_id, x.role_id')} || ${rows('organizations', 'x.id')} ||
    ${rows('roles', 'x.id')} || ${rows('role_assignments', 'x.role_id, x.account_id')} ||
    ${rows('memberships', 'x.organization_id, x.account_id')} ||
    (select count(*) from audit_events)::text) as h`);
  return (result as unknown as { rows: { h: string }[] }).rows[0]?.h ?? '';
}

function idsOf(o: Objects, extra: string[] = []): string[] {
  return [o.organizationId, o.folder, o.contract, o.template, o.signee, o.role, o.member, ...extra];
}

/** The restricted documents and their signee (the organization and its roles are no secret to members). */
const hiddenDocs = () => [hidden.folder, hidden.contract, hidden.template, hidden.signee];

beforeAll(async () => {
  // Feedback by form is on, so that POST /api/feedback answers its callers (off, it is 404 for everyone).
  t = await buildSigningApp({
    FEEDBACK_EMAIL: 'operator@matrix.example',
    // The key callers make every call of the matrix within one minute of the test clock.
    RATE_LIMIT_API_KEY_PER_MINUTE: '100000',
    // With the reply cache on PostgreSQL too (test/helper.ts TEST_ENV switches it off there): every caller reads
    // the same URLs, so a cached reply answered to the wrong session, organization or role would show here. The
    // matrix writes to the database itself only while setting up, before anyone reads.
    REPLY_CACHE_MB: '32',
  });
  owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
  ownerB = await t.organization(await t.signUp({ name: 'Bertta Owner' }));
  own = await objectsOf(owner, 'Own');
  foreign = await objectsOf(ownerB, 'Foreign');
  // A folder restricted to a role that no member of the matrix holds, and what is inside it.
  const secretRole = await newRole(owner.personalOrganizationId, 'Inner circle');
  const secret = await t.create(owner, 'folder', 'Secret folder');
  const restricted = await t.json(owner, 'GET', `/api/privileges/document-role/${secret.id}/${secretRole}`);
  expect(restricted.statusCode).toBe(200);
  const inside = await t.contract(owner, 'Secret contract', 1);
  expect((await t.json(owner, 'GET', `/api/documents/move/${inside.id}/${secret.id}`)).statusCode).toBe(200);
  const insideTemplate = await t.create(owner, 'template', 'Secret template', secret.id);
  const secretSignee = await t.addSignee(owner, inside.id, { email: 'secret@example.com' });
  hidden = {
    ...own,
    folder: secret.id,
    contract: inside.id,
    template: insideTemplate.id,
    signee: secretSignee.json().signee.id,
    role: secretRole,
  };
  for (const p of RELEVANT) single.set(p, await memberWith([p]));
  for (const set of Object.values(ROWS).flatMap((r) => r.grants ?? [])) {
    if (set.length > 1) several.set(set.join('+'), await memberWith(set));
  }
  none = await memberWith([]);
  removed = await memberWith(BROAD);
  await t.database.db
    .delete(memberships)
    .where(
      and(
        eq(memberships.accountId, removed.accountId),
        eq(memberships.organizationId, owner.personalOrganizationId),
      ),
    );
  foreignMember = await t.member(ownerB, BROAD as never[]);
  withoutRole = await memberWith(BROAD, false);
  keyBroad = await keyCaller(await memberWith([...BROAD, P.ORG_EDIT_DETAILS]), BROAD);
  const maker = await memberWith([...BROAD, P.ORG_EDIT_DETAILS]);
  keyStripped = await keyCaller(maker, BROAD);
  await t.database.db
    .update(roles)
    .set({ permissions: [] })
    .where(
      sql`${roles.id} in (select role_id from role_assignments where account_id = ${maker.accountId}
        and role_id <> ${own.role})`,
    );
}, 900_000);
afterAll(async () => t?.close());

it('has a row for every endpoint of the contract, and no row for an endpoint that is gone', () => {
  const ids = endpoints.map((e) => e.id);
  expect(
    ids.filter((id) => !(id in ROWS)),
    'endpoints without a row in the matrix (test/matrix-rows.ts)',
  ).toEqual([]);
  expect(
    Object.keys(ROWS).filter((id) => !ids.includes(id)),
    'rows of no endpoint',
  ).toEqual([]);
});

interface Expectation {
  who: string;
  /** 'fresh': a new account with no organization but its own. */
  user: TestUser | null | 'fresh';
  company?: string;
  objects: Objects;
  status: number;
  /** Ids that must not appear in the reply. */
  hiddenIds: string[];
  /** Allowed calls may change things; refused ones must not. */
  allowed: boolean;
}

function expectationsFor(row: Row): Expectation[] {
  const ok = row.ok ?? 200;
  const notMine = idsOf(foreign, [ownerB.accountId]);
  const company = owner.personalOrganizationId;
  if (row.kind === 'public') {
    return [null, owner, none, withoutRole].map((user) => ({
      who: user ? 'a signed-in caller' : 'an anonymous caller',
      user,
      objects: own,
      status: ok,
      hiddenIds: [...idsOf(own), ...notMine],
      allowed: ok < 400,
    }));
  }
  if (row.kind === 'account') {
    return [
      { who: 'no session', user: null, objects: foreign, status: 401, hiddenIds: notMine, allowed: false },
      // A key acts in its organization only, never as the account that made it.
      {
        who: 'an API key',
        user: keyBroad,
        objects: foreign,
        status: 403,
        hiddenIds: notMine,
        allowed: false,
      },
      {
        who: 'an account',
        user: 'fresh',
        objects: foreign,
        status: ok,
        hiddenIds: notMine,
        allowed: ok < 400,
      },
    ];
  }
  const permits = (held: number[] | 'owner') =>
    held === 'owner' ||
    row.kind === 'member' ||
    (row.kind !== 'owner' && (row.grants ?? []).some((set) => set.every((p) => held.includes(p))));
  /** Permission first (403), then whose object it is (404), then what the row answers. */
  const statusOf = (held: number[] | 'owner', target: 'own' | 'foreign' | 'hidden') => {
    if (!permits(held)) return 403;
    if (row.kind === 'object' && target === 'foreign') return 404;
    if (row.kind === 'object' && target === 'hidden' && row.subject === 'document') return 404;
    if (row.ownerOnly && held !== 'owner') return 403;
    return ok;
  };
  const out: Expectation[] = [];
  const add = (who: string, user: TestUser, held: number[] | 'owner') => {
    // The owner sees every document of the organization; members do not see the restricted ones.
    const hiddenIds = held === 'owner' ? notMine : [...notMine, ...hiddenDocs()];
    const targets = row.kind === 'object' ? (['own', 'foreign'] as const) : (['own'] as const);
    for (const target of targets) {
      const status = statusOf(held, target);
      out.push({
        who: `${who}, ${target === 'own' ? "its organization's object" : "another organization's object"}`,
        user,
        company,
        objects: target === 'own' ? own : foreign,
        status,
        hiddenIds,
        allowed: status === ok && ok < 400,
      });
    }
  };
  add('the owner', owner, 'owner');
  for (const [p, user] of single) add(`a member with only permission ${p}`, user, [p]);
  for (const [set, user] of several) add(`a member with ${set}`, user, set.split('+').map(Number));
  add('a member with no permission', none, []);
  // A key holds what it carries, never the owner's powers, and loses what its maker loses.
  add('an API key made with the broad permissions', keyBroad, BROAD);
  add('an API key whose maker has since lost every permission', keyStripped, []);
  const others = [...notMine, ...hiddenDocs()];
  out.push({
    who: 'a removed member',
    user: removed,
    company,
    objects: own,
    status: 404,
    hiddenIds: others,
    allowed: false,
  });
  // A member of another organization, signed in there, naming this organization's objects.
  const foreignStatus = statusOf(BROAD, 'foreign');
  out.push({
    who: "another organization's member",
    user: foreignMember,
    company: ownerB.personalOrganizationId,
    objects: own,
    status: foreignStatus,
    hiddenIds: [...idsOf(own, [owner.accountId]), ...hiddenDocs()],
    allowed: foreignStatus === ok && ok < 400,
  });
  const hiddenStatus = statusOf(BROAD, 'hidden');
  out.push({
    who: "a member without the document's role",
    user: withoutRole,
    company,
    objects: hidden,
    status: hiddenStatus,
    hiddenIds: others,
    allowed: hiddenStatus === ok && ok < 400,
  });
  return out;
}

describe.each(Object.entries(ROWS))('%s', (id, row) => {
  it('answers each caller exactly, leaks nothing, and changes nothing it refuses', async () => {
    const hitsBefore = t.app.ctx.replies.stats.hits;
    for (const e of expectationsFor(row)) {
      const objects =
        e.allowed && row.fresh ? { ...e.objects, ...(await row.fresh(e.objects, { t, owner })) } : e.objects;
      const user = e.user === 'fresh' ? await t.signUp() : e.user;
      const before = e.allowed ? '' : await fingerprint();
      const res = await t.call(user, {
        ...row.request(objects),
        ...(e.company ? { company: e.company } : {}),
      });
      expect(res.statusCode, `${id}: ${e.who}: ${res.body.slice(0, 300)}`).toBe(e.status);
      const leaked = e.hiddenIds.filter((x) => res.body.includes(x));
      expect(leaked, `${id}: ${e.who} saw ids it may not`).toEqual([]);
      if (!e.allowed) expect(await fingerprint(), `${id}: ${e.who} changed something`).toBe(before);
      if (cachedEndpointIds.has(id)) {
        // Asked again, a cached call answers this caller the same (from the cache when it was a 200), never
        // what it answered the callers before.
        const again = await t.call(user, {
          ...row.request(objects),
          ...(e.company ? { company: e.company } : {}),
        });
        expect(again.statusCode, `${id}: ${e.who}, again`).toBe(res.statusCode);
        expect(again.body, `${id}: ${e.who}, again`).toBe(res.body);
      }
    }
    if (cachedEndpointIds.has(id)) expect(t.app.ctx.replies.stats.hits, id).toBeGreaterThan(hitsBefore);
  });
});
