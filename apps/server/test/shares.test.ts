import { P, SHARE_LINKS_MAX } from '@sinetti/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, roleAssignments } from '../src/db/schema/index.ts';
import type { TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

// Share links (issue 13 item 5): a read-only view of a document's PDF for someone outside the organization.
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sanna Sharer' }));
});
afterAll(async () => t.close());

const create = (user: TestUser, docId: string, body: object = {}) =>
  t.json(user, 'POST', `/api/documents/shares/${docId}`, body);
const list = async (user: TestUser, docId: string) =>
  (await t.json(user, 'GET', `/api/documents/shares/${docId}`)).json().shares as Record<string, unknown>[];
const tokenOf = (url: string) => url.split('/public/share/')[1] ?? '';
const open = (token: string) => t.pub('GET', `/api/public/share/${token}`);
const download = (token: string) => t.pub('GET', `/api/public/share/${token}/download`);

async function shared(user: TestUser, docId: string, body: object = {}): Promise<string> {
  const res = await create(user, docId, body);
  expect(res.statusCode, res.body).toBe(200);
  return tokenOf(res.json().url);
}

describe('share links', () => {
  it('show the PDF to anyone with the link, count and audit every open, and download only when allowed', async () => {
    const doc = await t.contract(owner, 'Offer 12');
    const res = await create(owner, doc.id);
    expect(res.json()).toMatchObject({
      status: 'OK',
      share: { state: 'active', allowDownload: false, expires: null, opens: 0, createdBy: 'Sanna Sharer' },
    });
    expect(res.json().url).toMatch(/^http.+\/public\/share\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(res.json().url);
    const seen = await open(token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ documentName: 'Offer 12', allowDownload: false, expires: null });
    expect(Buffer.from(seen.json().content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expectError(await download(token), 404, 'NOT_FOUND');
    expect(errorReason(await download(token))).toBe('SHARE_LINK_ENDED');
    expect(await list(owner, doc.id)).toMatchObject([{ opens: 1, state: 'active' }]);

    const loose = await shared(owner, doc.id, { allowDownload: true });
    const file = await download(loose);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Offer 12.pdf"/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const trail = await t.database.db
      .select({ action: auditEvents.action, accountId: auditEvents.accountId })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, doc.id), like(auditEvents.action, 'document.share-%')));
    expect(trail.map((e) => e.action).sort()).toEqual([
      'document.share-created',
      'document.share-created',
      'document.share-downloaded',
      'document.share-opened',
    ]);
  });

  it('record opens of a signed document in its signing audit chain too, as a share visitor', async () => {
    await t.fund(owner, 20);
    const doc = await t.signedByOne(owner, 'Signed deal', 1);
    const token = await shared(owner, doc.id, { allowDownload: true });
    const signed = (await t.json(owner, 'GET', `/api/signing/signed/${doc.id}`)).json();
    expect((await open(token)).statusCode).toBe(200);
    const file = await download(token);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(signed.source.split(',')[1], 'base64'))).toBe(true);

    const { events, chain } = (await t.json(owner, 'GET', `/api/signing/audit/${doc.id}`)).json();
    expect(chain.valid).toBe(true);
    const visits = events.filter((e: { actor: { kind: string } }) => e.actor.kind === 'visitor');
    expect(visits).toMatchObject([
      { type: 'downloaded', data: { file: 'signed', via: 'share' }, signeeId: null },
      { type: 'downloaded', data: { file: 'signed', via: 'share-download' }, signeeId: null },
    ]);
    const [shareId] = (await list(owner, doc.id)).map((s) => s.id);
    expect(visits[0].actor).toEqual({ kind: 'visitor', id: shareId, label: null });
    expect(visits[0].ip).toBeTruthy();
  });

  it('stop working when revoked or expired, and refuse an expiry in the past or over a year away', async () => {
    const doc = await t.contract(owner, 'Short lived');
    const token = await shared(owner, doc.id);
    const [share] = await list(owner, doc.id);
    expect(
      (await t.json(owner, 'POST', `/api/documents/shares/${doc.id}/revoke/${share?.id}`, {})).statusCode,
    ).toBe(200);
    expect(errorReason(await open(token))).toBe('SHARE_LINK_ENDED');
    expect(
      (await t.json(owner, 'POST', `/api/documents/shares/${doc.id}/revoke/${share?.id}`, {})).statusCode,
    ).toBe(200);
    const other = await t.contract(owner, 'Other');
    expectError(
      await t.json(owner, 'POST', `/api/documents/shares/${other.id}/revoke/${share?.id}`, {}),
      404,
      'NOT_FOUND',
    );

    const now = t.clock.now().getTime();
    const soon = await shared(owner, doc.id, { expires: new Date(now + 3600_000).toISOString() });
    expect((await open(soon)).statusCode).toBe(200);
    t.clock.advance(3601_000);
    expect(errorReason(await open(soon))).toBe('SHARE_LINK_ENDED');
    // Made at the same moment of the test's clock: their order is the id's, so compare as a set.
    expect((await list(owner, doc.id)).map((s) => s.state).sort()).toEqual(['expired', 'revoked']);
    for (const expires of [
      new Date(now - 1000).toISOString(),
      new Date(now + 400 * 86_400_000).toISOString(),
      'soon',
    ]) {
      expectError(await create(owner, doc.id, { expires }), 400, 'VALIDATION_FAILED');
    }
  });

  it('need documents edit roles (23); another organization’s document answers 404', async () => {
    const doc = await t.contract(owner, 'Guarded');
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT]);
    expectError(await create(viewer, doc.id), 403, 'FORBIDDEN');
    const stranger = await t.organization(await t.signUp());
    expectError(await create(stranger, doc.id), 404, 'NOT_FOUND');
    expectError(await t.json(stranger, 'GET', `/api/documents/shares/${doc.id}`), 404, 'NOT_FOUND');
    const folder = await t.create(owner, 'folder', 'Folder');
    expectError(await create(owner, folder.id), 409, 'CONFLICT');
  });

  it('stop working when their maker can no longer see the document', async () => {
    const doc = await t.contract(owner, 'Member made');
    const maker = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT_ROLES]);
    const token = await shared(maker, doc.id);
    expect((await open(token)).statusCode).toBe(200);
    await t.database.db.delete(roleAssignments).where(eq(roleAssignments.accountId, maker.accountId));
    expect(errorReason(await open(token))).toBe('SHARE_LINK_ENDED');
  });

  it(`allow at most ${SHARE_LINKS_MAX} active links a document`, async () => {
    const doc = await t.contract(owner, 'Popular');
    for (let i = 0; i < SHARE_LINKS_MAX; i++) await shared(owner, doc.id);
    const res = await create(owner, doc.id);
    expectError(res, 409, 'CONFLICT');
    expect(errorReason(res)).toBe('SHARE_LIMIT_REACHED');
  });

  it('answer an unknown or malformed link like an ended one, never a 500', async () => {
    expect(errorReason(await open('A'.repeat(43)))).toBe('SHARE_LINK_ENDED');
    expectError(await open('short'), 400, 'VALIDATION_FAILED');
  });
});

function errorReason(res: { json(): unknown }): unknown {
  return (res.json() as { reason?: string }).reason;
}
