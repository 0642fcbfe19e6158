/**
 * Issue 12 item 6 and 7: each signee's timeline from the audit trail (scoped like the document), the
 * signed PDF as the document's preview once Signed, and who asks on the public signing calls.
 */
import { P, type SigneeTimeline } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { roleAssignments, roles, signingEvents } from '../src/db/schema/index.ts';
import { buildTimelines } from '../src/queries/signing/timeline.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let docId: string;
let annaLink: string;
let annaSession: string;
const anna = uniqueEmail('anna');
const ben = uniqueEmail('ben');

const timeline = (u: TestUser, id = docId) => t.json(u, 'GET', `/api/signing/timeline/${id}`);
const typesOf = (list: SigneeTimeline[], signeeId: string) =>
  list.find((s) => s.signeeId === signeeId)?.events.map((e) => e.type) ?? [];

beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Tiina Timeline' }));
  await t.fund(owner, 10);
  docId = (await t.contract(owner, 'Lease', 1)).id;
  await t.addSignee(owner, docId, { givenName: 'Anna', familyName: 'A', email: anna });
  await t.addSignee(owner, docId, { givenName: 'Ben', familyName: 'B', email: ben });
});
afterAll(async () => t?.close());

async function signeeIds(): Promise<{ anna: string; ben: string }> {
  const list = (await t.json(owner, 'GET', `/api/signing/signees/${docId}`)).json().signees as {
    id: string;
    email: string;
  }[];
  return {
    anna: list.find((s) => s.email === anna)?.id ?? '',
    ben: list.find((s) => s.email === ben)?.id ?? '',
  };
}

describe('signing/timeline', () => {
  it('is empty before the document is sent', async () => {
    const res = await timeline(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signees).toEqual([]);
  });

  it('shows sent, opened, viewed, code verified and signed per signee, a repeat folded, in order', async () => {
    expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
    const ids = await signeeIds();
    annaLink = await t.linkOf(anna);
    // Opened twice in a row (the second start resumes the session): one entry counted twice.
    await t.startSession(annaLink, 'en');
    t.clock.advance(60_000);
    annaSession = await t.startSession(annaLink, 'en');
    await t.confirmCode(annaSession, anna);
    // Viewing again in the same session records nothing more.
    expect((await t.pub('GET', `/api/signing/session/${annaSession}/pdf`)).statusCode).toBe(200);

    const before = (await timeline(owner)).json().signees as SigneeTimeline[];
    expect(typesOf(before, ids.anna)).toEqual(['sent', 'opened', 'viewed', 'code-verified']);
    expect(typesOf(before, ids.ben)).toEqual(['sent']);
    const opened = before.find((s) => s.signeeId === ids.anna)?.events[1];
    expect(opened?.count).toBe(2);
    expect(Date.parse(opened?.lastAt ?? '') - Date.parse(opened?.at ?? '')).toBe(60_000);

    const signed = await t.pub('POST', `/api/signing/session/${annaSession}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl(8) },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const after = (await timeline(owner)).json().signees as SigneeTimeline[];
    expect(typesOf(after, ids.anna)).toEqual(['sent', 'opened', 'viewed', 'code-verified', 'signed']);
    // Only types and times leave the server: no addresses, user agents or codes.
    expect(JSON.stringify(after)).not.toMatch(/SigneeBrowser|"ip"|"userAgent"/);
  });

  it("answers 404 for another organization's document and for a document the caller's roles hide", async () => {
    const stranger = await t.organization(await t.signUp({ name: 'Sven Stranger' }));
    expect((await timeline(stranger)).statusCode).toBe(404);

    const member = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await timeline(member)).statusCode).toBe(200);
    const [legal] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Legal', permissions: [] })
      .returning();
    const added = await t.json(owner, 'GET', `/api/privileges/document-role/${docId}/${legal?.id}`);
    expect(added.statusCode, added.body).toBe(200);
    expect((await timeline(member)).statusCode).toBe(404);
    await t.database.db.insert(roleAssignments).values({
      roleId: legal?.id ?? '',
      accountId: member.accountId,
      organizationId: owner.personalOrganizationId,
    });
    expect((await timeline(member)).statusCode).toBe(200);
  });
});

describe('public pages name who asks', () => {
  it('gives the organization and document name on the start and session calls, nothing more', async () => {
    const status = (await t.pub('GET', `/api/signing/status/signee/${await t.linkOf(ben)}`)).json();
    expect(status).toMatchObject({ status: 'OK', organizationName: 'Shared', documentName: 'Lease' });
    const session = await t.startSession(await t.linkOf(ben), 'en');
    const view = (await t.pub('GET', `/api/signing/session/${session}`)).json();
    expect(view).toMatchObject({ organizationName: 'Shared', document: { name: 'Lease' } });
    expect(JSON.stringify(view)).not.toContain(owner.personalOrganizationId);
  });

  it("names the sender for a personal organization (as the e-mails do), not 'Personal'", async () => {
    const solo = await t.signUp({ name: 'Paula Personal' });
    await t.fund(solo, 10);
    const doc = await t.contract(solo, 'Loan', 1);
    const carl = uniqueEmail('carl');
    await t.addSignee(solo, doc.id, { givenName: 'Carl', familyName: 'C', email: carl });
    expect((await t.json(solo, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const status = (await t.pub('GET', `/api/signing/status/signee/${await t.linkOf(carl)}`)).json();
    expect(status.organizationName).toBe('Paula Personal');
  });
});

describe('the document preview once Signed', () => {
  it('is the signed PDF (signed: true), the original before', async () => {
    const content = (u: TestUser) => t.json(u, 'GET', `/api/documents/content/${docId}`);
    const before = (await content(owner)).json();
    expect(before.signed).toBe(false);
    const session = await t.startSession(await t.linkOf(ben), 'en');
    await t.confirmCode(session, ben);
    const res = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'typed', text: 'Ben B' },
      intent: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    const signed = (await t.json(owner, 'GET', `/api/signing/signed/${docId}`)).json();
    expect(signed.status, JSON.stringify(signed)).toBe('OK');
    const after = (await content(owner)).json();
    expect(after).toMatchObject({ status: 'OK', signed: true, hash: signed.sha256 });
    expect(after.hash).not.toBe(before.hash);
    expect(Buffer.from(after.content as string, 'base64').toString('base64')).toBe(
      (signed.source as string).replace(/^data:application\/pdf;base64,/, ''),
    );
    // Polling with the hash answers no content, like any unchanged preview.
    const again = (await t.json(owner, 'GET', `/api/documents/content/${docId}/${after.hash}`)).json();
    expect(again).toMatchObject({ content: null, signed: true });
    // The signed bytes left the server twice (signing/signed, then the preview): each is a `downloaded`
    // event; the unchanged poll sent none and records none.
    const downloads = await t.database.db
      .select()
      .from(signingEvents)
      .where(and(eq(signingEvents.documentId, docId), eq(signingEvents.type, 'downloaded')))
      .orderBy(signingEvents.seq);
    expect(downloads.map((e) => e.data)).toEqual([
      { file: 'signed', sha256: signed.sha256 },
      { file: 'signed', sha256: signed.sha256, via: 'preview' },
    ]);
    expect(downloads[1]?.actorKind).toBe('member');
    expect((await t.json(owner, 'GET', `/api/signing/audit/${docId}`)).json().chain.valid).toBe(true);
  });
});

describe('buildTimelines', () => {
  const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 12, m));
  it('keeps unknown kinds (decline, reminder), drops bookkeeping, and attributes listed signees', () => {
    const out = buildTimelines([
      { type: 'sent', at: at(0), signeeId: null, data: { signees: [{ id: 's1' }, { id: 's2' }] } },
      { type: 'emailed', at: at(1), signeeId: 's1', data: {} },
      { type: 'signee.reminded', at: at(2), signeeId: 's1', data: {} },
      { type: 'signee.reminded', at: at(3), signeeId: 's1', data: {} },
      { type: 'code-failed', at: at(4), signeeId: 's2', data: {} },
      { type: 'signee.declined', at: at(5), signeeId: 's2', data: { reason: 'no' } },
      { type: 'cancelled', at: at(6), signeeId: null, data: { signees: ['s1'] } },
    ]);
    expect(out.get('s1')).toEqual([
      { type: 'sent', at: at(0).toISOString(), lastAt: at(0).toISOString(), count: 1 },
      { type: 'signee.reminded', at: at(2).toISOString(), lastAt: at(3).toISOString(), count: 2 },
    ]);
    expect(out.get('s2')?.map((e) => e.type)).toEqual(['sent', 'signee.declined']);
  });
});
