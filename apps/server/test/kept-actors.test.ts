/**
 * Callers kept for calls that only read (http/kept-actors.ts, issue #32 item 5): a session's repeated word
 * search resolves its caller without reading the session again, and never once what the caller was read from
 * changed: a role or a membership taken away (by a call, or committed by another process: the change feed),
 * the session ended or expired, another organization asked for. An API key's session is never kept.
 */
import { P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAssignments, roles, sessions } from '../src/db/schema/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';
import { changesHeard } from './changes-heard.ts';

let t: DocumentsTestApp;
let owner: TestUser;
let legalRole: string;

const kept = () => t.app.ctx.actors.stats;

async function search(u: TestUser, company?: string) {
  const res = await t.call(u, {
    method: 'POST',
    url: '/api/documents/search',
    payload: { text: 'Lease' },
    ...(company ? { company } : {}),
  });
  return { status: res.statusCode, code: res.json().code as string | undefined, body: res.body, res };
}

async function found(u: TestUser): Promise<string[]> {
  const { res } = await search(u);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().documents as { name: string }[]).map((d) => d.name).sort();
}

/**
 * Whether fewer callers than `held` are kept within 20 s, without reading any (an expired one is dropped only
 * when read): a change another process commits arrives by notification.
 */
async function dropped(held: number): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (kept().entries >= held) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** A member who sees the Legal folder's lease by the Legal role. */
async function lawyer(): Promise<TestUser> {
  const member = await t.member(owner, [P.DOCUMENTS_VIEW]);
  await t.database.db
    .insert(roleAssignments)
    .values({ roleId: legalRole, accountId: member.accountId, organizationId: owner.personalOrganizationId });
  return member;
}

beforeAll(async () => {
  t = await buildDocumentsApp({ REPLY_CACHE_MB: '8' });
  owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
  const [legal] = await t.database.db
    .insert(roles)
    .values({ organizationId: owner.personalOrganizationId, name: 'Legal', permissions: [] })
    .returning();
  legalRole = legal?.id ?? '';
  await t.create(owner, 'contract', 'Lease open');
  const secret = (await t.create(owner, 'folder', 'Legal')).id;
  await t.create(owner, 'contract', 'Lease secret', secret);
  const given = await t.json(owner, 'GET', `/api/privileges/document-role/${secret}/${legalRole}`);
  expect(given.statusCode, given.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

describe('callers kept for reads', () => {
  it("resolves a session's repeated search from the kept caller, each session its own", async () => {
    expect(t.app.ctx.actors.enabled).toBe(true);
    const member = await t.member(owner, [P.DOCUMENTS_VIEW]);
    await changesHeard(t);
    const before = kept().hits;
    expect(await found(owner)).toEqual(['Lease open', 'Lease secret']);
    expect(await found(owner)).toEqual(['Lease open', 'Lease secret']);
    expect(kept().hits).toBe(before + 1);
    // Another session: its own caller, read for it (the member does not see the Legal folder).
    expect(await found(member)).toEqual(['Lease open']);
    expect(kept().hits).toBe(before + 1);
    expect(await found(member)).toEqual(['Lease open']);
    expect(kept().hits).toBe(before + 2);
  });

  it('forgets a caller whose role is taken away by a call, at once', async () => {
    const member = await lawyer();
    expect(await found(member)).toEqual(['Lease open', 'Lease secret']);
    expect(await found(member)).toEqual(['Lease open', 'Lease secret']);
    const taken = await t.json(owner, 'GET', `/api/privileges/delete-role/${member.accountId}/${legalRole}`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await found(member)).toEqual(['Lease open']);
  });

  it('forgets a caller whose role another process takes away (the change feed)', async () => {
    const member = await lawyer();
    await changesHeard(t);
    expect(await found(member)).toEqual(['Lease open', 'Lease secret']);
    const before = kept().hits;
    expect(await found(member)).toEqual(['Lease open', 'Lease secret']);
    expect(kept().hits).toBe(before + 1);
    const held = kept().entries;
    await t.database.db
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.accountId, member.accountId), eq(roleAssignments.roleId, legalRole)));
    // Dropped by the notification, not by the kept caller's expiry (which only a read would notice).
    expect(await dropped(held)).toBe(true);
    expect(await found(member)).toEqual(['Lease open']);
  });

  it('forgets a member taken out of the organization', async () => {
    const member = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect(await found(member)).toEqual(['Lease open']);
    expect(await found(member)).toEqual(['Lease open']);
    const removed = await t.json(owner, 'GET', `/api/authentication/uninvite/${member.accountId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await search(member);
    expect(after.status, after.body).toBe(404);
  });

  it('never resolves an ended session: signed out, or ended by another process', async () => {
    const user = await t.organization(await t.signUp({ name: 'Sam Short' }));
    await found(user);
    await found(user);
    const out = await t.json(user, 'POST', '/api/authentication/logout');
    expect(out.statusCode, out.body).toBe(200);
    expect(await search(user)).toMatchObject({ status: 401, code: 'SESSION_INVALID' });

    const other = await t.organization(await t.signUp({ name: 'Eero Ended' }));
    await changesHeard(t);
    await found(other);
    await found(other);
    const held = kept().entries;
    await t.database.db
      .update(sessions)
      .set({ endedAt: new Date() })
      .where(eq(sessions.accountId, other.accountId));
    expect(await dropped(held)).toBe(true);
    expect(await search(other)).toMatchObject({ status: 401, code: 'SESSION_INVALID' });
  });

  it('keeps a caller per organization asked for: another organization is resolved for itself', async () => {
    const outsider = await t.organization(await t.signUp({ name: 'Otto Outsider' }));
    await found(outsider);
    await found(outsider);
    const asked = await search(outsider, owner.personalOrganizationId);
    expect(asked.status, asked.body).toBe(404);
  });

  it("never keeps an API key's session", async () => {
    const made = await t.apiKey(owner, [P.DOCUMENTS_VIEW], { name: 'Reader' });
    const key = await t.keySession(made.secret, owner.personalOrganizationId);
    // The key's making notified the organization's tag: heard later, it would drop kept callers mid-count.
    await changesHeard(t);
    const before = kept();
    // A key holds no role: the Legal folder is not its to see.
    expect(await found(key)).toEqual(['Lease open']);
    expect(await found(key)).toEqual(['Lease open']);
    expect(kept().hits).toBe(before.hits);
    expect(kept().entries).toBe(before.entries);
  });

  // Last: the clock it moves on ends every session of the app.
  it('never resolves an expired session', async () => {
    const user = await t.organization(await t.signUp({ name: 'Ilse Idle' }));
    await found(user);
    await found(user);
    t.clock.advance(2 * 3600_000 + 60_000);
    expect(await search(user)).toMatchObject({ status: 401, code: 'UNAUTHORIZED_ACCESS' });
  });
});
