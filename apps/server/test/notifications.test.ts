import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { notifications, roles } from '../src/db/schema/index.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { expectError } from './organizations-helper.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

// In-app notifications (issue 14 item 2): the sender hears what happened to a round they sent.
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const list = async (user: TestUser, before?: string) =>
  (await t.json(user, 'GET', `/api/notifications${before ? `?before=${before}` : ''}`)).json();
const unread = async (user: TestUser) =>
  (await t.json(user, 'GET', '/api/notifications/unread')).json().unread as number;

describe('notifications', () => {
  it('tell the sender that a signee signed and that the round completed, newest first, unread', async () => {
    const fresh = await t.organization(await t.signUp({ name: 'Nina Notified' }));
    await t.fund(fresh, 50);
    const doc = await t.signedByOne(fresh, 'Lease of flat 4', 1);
    await t.app.jobs.drain();
    const reply = await list(fresh);
    expect(reply.status).toBe('OK');
    expect(reply.unread).toBe(2);
    expect(reply.hasMore).toBe(false);
    // Both happen at the same moment of the test's clock: their order is then the list's tie-break.
    expect(
      reply.notifications
        .map((n: Record<string, unknown>) => [n.kind, n.documentName, n.signeeName, n.read])
        .sort(),
    ).toEqual([
      ['signee-signed', 'Lease of flat 4', 'Anna Aalto', false],
      ['signing-completed', 'Lease of flat 4', null, false],
    ]);
    const times = reply.notifications.map((n: { created: string }) => Date.parse(n.created));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    expect(reply.notifications[1]).toMatchObject({
      documentId: doc.id,
      organizationId: fresh.personalOrganizationId,
    });
  });

  it('tell the sender that a signee declined', async () => {
    const doc = await t.contract(owner, `Offer ${randomUUID().slice(0, 6)}`);
    const dee = uniqueEmail('dee');
    await t.addSignee(owner, doc.id, { givenName: 'Dee', familyName: 'Decliner', email: dee });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const res = await t.pub('POST', `/api/signing/decline/${await t.linkOf(dee)}`, { reason: 'Wrong price' });
    expect(res.statusCode, res.body).toBe(200);
    const [newest] = (await list(owner)).notifications;
    expect(newest).toMatchObject({ kind: 'signee-declined', documentId: doc.id, signeeName: 'Dee Decliner' });
  });

  it('do not tell a sender who signs their own document of their own signature', async () => {
    const self = await t.organization(await t.signUp({ name: 'Olli Itse', email: uniqueEmail('olli') }));
    await t.fund(self, 50);
    const doc = await t.contract(self, 'Own');
    await t.addSignee(self, doc.id, { givenName: 'Olli', familyName: 'Itse', email: self.email });
    expect((await t.json(self, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const session = await t.startSession(await t.linkOf(self.email));
    await t.confirmCode(session, self.email);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl() },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await t.app.jobs.drain();
    expect((await list(self)).notifications.map((n: { kind: string }) => n.kind)).toEqual([
      'signing-completed',
    ]);
  });

  it('tell a sender who may no longer see the document nothing, on no channel', async () => {
    const sender = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]);
    const doc = await t.contract(sender, `Board minutes ${randomUUID().slice(0, 6)}`);
    const anna = uniqueEmail('anna');
    await t.addSignee(sender, doc.id, { givenName: 'Anna', familyName: 'Aalto', email: anna });
    expect((await t.json(sender, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    // The owner limits the document to a role the sender does not hold.
    const [board] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: `Board ${randomUUID().slice(0, 6)}` })
      .returning();
    const limited = await t.json(owner, 'GET', `/api/privileges/document-role/${doc.id}/${board?.id}`);
    expect(limited.statusCode, limited.body).toBe(200);
    expect((await t.json(sender, 'GET', `/api/documents/info/${doc.id}`)).statusCode).toBe(404);

    const session = await t.startSession(await t.linkOf(anna));
    await t.confirmCode(session, anna);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl() },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await t.app.jobs.drain();
    expect((await list(sender)).notifications).toEqual([]);
    expect(await t.mails(sender.email)).toEqual([]);
    // The owner, who sees it, is told nothing either: they did not send it.
    const stored = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.documentId, doc.id));
    expect(stored).toEqual([]);
  });

  it('are marked read one by one or all at once, and only by their member (another’s answer 404)', async () => {
    const member = await t.organization(await t.signUp({ name: 'Mia Marker' }));
    const ids = await seed(member, member.personalOrganizationId, 3);
    expect(await unread(member)).toBe(3);
    expect((await t.json(member, 'POST', `/api/notifications/read/${ids[0]}`, {})).statusCode).toBe(200);
    expect(await unread(member)).toBe(2);
    const stranger = await t.organization(await t.signUp());
    expectError(await t.json(stranger, 'POST', `/api/notifications/read/${ids[1]}`, {}), 404, 'NOT_FOUND');
    expect((await list(stranger)).notifications).toEqual([]);
    expect(await unread(member)).toBe(2);
    expect((await t.json(member, 'POST', '/api/notifications/read-all', {})).statusCode).toBe(200);
    expect(await unread(member)).toBe(0);
    expect((await list(member)).notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('come a page of 20 at a time, newest first', async () => {
    const member = await t.organization(await t.signUp({ name: 'Paula Pager' }));
    await seed(member, member.personalOrganizationId, 25);
    const first = await list(member);
    expect(first.notifications).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await list(member, first.notifications.at(-1).id);
    expect(second.notifications).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const names = [...first.notifications, ...second.notifications].map(
      (n: { documentName: string }) => n.documentName,
    );
    expect(names).toEqual(Array.from({ length: 25 }, (_, i) => `Doc ${24 - i}`));
    expectError(await t.json(member, 'GET', `/api/notifications?before=${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await t.json(member, 'GET', '/api/notifications?before=nope'), 400, 'VALIDATION_FAILED');
  });

  it('of an organization the member no longer belongs to are neither listed, counted nor markable', async () => {
    const member = await t.organization(await t.signUp({ name: 'Lea Left' }));
    const other = await t.organization(await t.signUp());
    const [gone] = await seed(member, other.personalOrganizationId, 1);
    expect((await list(member)).notifications).toEqual([]);
    expect(await unread(member)).toBe(0);
    expectError(await t.json(member, 'POST', `/api/notifications/read/${gone}`, {}), 404, 'NOT_FOUND');
  });
});

/** `count` notifications for `user` in `organizationId`, one a second apart (Doc 0 the oldest). */
async function seed(user: TestUser, organizationId: string, count: number): Promise<string[]> {
  const base = t.clock.now().getTime();
  const rows = await t.database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        accountId: user.accountId,
        organizationId,
        kind: 'signing-completed' as const,
        data: { documentName: `Doc ${i}` },
        createdAt: new Date(base + i * 1000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}
