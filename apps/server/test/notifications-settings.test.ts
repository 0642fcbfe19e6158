import {
  DEFAULT_NOTIFICATION_SETTINGS,
  helsinkiHour,
  P,
  type NotificationKind,
  type NotificationSettings,
} from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigests } from '../src/commands/notifications/mail.ts';
import { roleAssignments, roles } from '../src/db/schema/index.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { expectError, invite } from './organizations-helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

// Profile → Notifications and the events beyond signing (issue 14 item 2): per kind in-app and/or
// e-mail, the daily digest, invitations, shared documents and a low balance.
let t: SigningTestApp;
beforeAll(async () => {
  t = await buildSigningApp();
});
afterAll(async () => t.close());

const settingsOf = async (user: TestUser) =>
  (await t.json(user, 'GET', '/api/notifications/settings')).json().settings as NotificationSettings;
const save = (user: TestUser, settings: unknown) =>
  t.json(user, 'PUT', '/api/notifications/settings', { settings });
const kindsOf = async (user: TestUser) =>
  (await t.json(user, 'GET', '/api/notifications')).json().notifications as {
    kind: NotificationKind;
    organizationName: string;
    documentName: string;
    roleName: string | null;
    balance: number | null;
  }[];
const subjects = async (to: string) => (await t.mails(to)).map((m) => m.subject);

function changed(kinds: Partial<NotificationSettings['kinds']>, digest = false): NotificationSettings {
  return { kinds: { ...DEFAULT_NOTIFICATION_SETTINGS.kinds, ...kinds }, digest };
}

/** Moves a clock forward a whole hour at a time until it reads `hour` in Helsinki. */
function toHour(clock: ManualClock, hour: number): void {
  for (let i = 0; i < 48 && helsinkiHour(clock.now()) !== hour; i++) clock.advance(3600_000);
}

describe('notification settings', () => {
  it('start from the defaults, are saved per account, and refuse what is not a whole setting', async () => {
    const member = await t.signUp({ name: 'Sini Settings' });
    const other = await t.signUp();
    expect(await settingsOf(member)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const mine = changed({ 'signee-signed': { inApp: false, email: true } }, true);
    expect((await save(member, mine)).json()).toEqual({ status: 'OK' });
    expect(await settingsOf(member)).toEqual(mine);
    expect(await settingsOf(other)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const { 'balance-low': _, ...missing } = mine.kinds;
    for (const bad of [
      { ...mine, kinds: missing },
      { ...mine, digest: 'yes' },
      changed({ 'signee-signed': { inApp: 'no', email: true } as never }),
      null,
    ]) {
      expectError(await save(member, bad), 400, 'VALIDATION_FAILED');
    }
    expect(await settingsOf(member)).toEqual(mine);
  });

  it('decide per kind: e-mail only, in the app only, and the sender’s own round e-mail follows them', async () => {
    const owner = await t.organization(await t.signUp({ name: 'Eeva Email', email: uniqueEmail('eeva') }));
    await t.fund(owner, 50);
    await save(
      owner,
      changed({
        'signee-signed': { inApp: false, email: true },
        'signing-completed': { inApp: true, email: false },
      }),
    );
    await t.signedByOne(owner, 'Rental 7', 1);
    const mail = await subjects(owner.email);
    expect(mail).toContain('Anna Aalto signed “Rental 7”');
    expect(mail).not.toContain('Document signed: Rental 7');
    expect((await kindsOf(owner)).map((n) => n.kind)).toEqual(['signing-completed']);
    const [single] = (await t.mails(owner.email)).filter((m) => m.subject.startsWith('Anna Aalto'));
    expect(single?.links.some((l) => /\/document\/[0-9a-f-]{36}$/.test(l))).toBe(true);
  });

  it('gather e-mails into one daily digest from 08:00 Helsinki time, once a day', async () => {
    const owner = await t.organization(await t.signUp({ name: 'Dina Digest', email: uniqueEmail('dina') }));
    await t.fund(owner, 50);
    await save(owner, changed({ 'signee-signed': { inApp: true, email: true } }, true));
    await t.signedByOne(owner, 'Digest deal', 1);
    const before = await subjects(owner.email);
    expect(before.filter((s) => s.includes('Digest deal'))).toEqual([]);

    // A clock of its own, from two days back: the digest's mail job is then due on the app's clock.
    const clock = new ManualClock(t.clock.now().getTime() - 48 * 3600_000);
    const publicUrl = t.config.publicUrl;
    toHour(clock, 7);
    expect(await sendDigests(t.database.db, clock, publicUrl)).toBe(0);
    clock.advance(2 * 3600_000);
    expect(await sendDigests(t.database.db, clock, publicUrl)).toBeGreaterThanOrEqual(1);
    const digests = (await t.mails(owner.email)).filter((m) => m.subject.startsWith('Sinetti:'));
    expect(digests.map((m) => m.subject)).toEqual(['Sinetti: 2 updates since yesterday']);
    expect(digests[0]?.text).toContain('Anna Aalto signed “Digest deal”.');
    expect(digests[0]?.text).toContain('Everyone has signed “Digest deal”.');
    expect(digests[0]?.links).toContain(`${publicUrl}/notifications`);
    clock.advance(3600_000);
    await sendDigests(t.database.db, clock, publicUrl);
    expect((await subjects(owner.email)).filter((s) => s.startsWith('Sinetti:'))).toHaveLength(1);
    // The in-app list has them all the same.
    expect((await kindsOf(owner)).map((n) => n.kind).sort()).toEqual(['signee-signed', 'signing-completed']);
  });
});

describe('notifications of other events', () => {
  it('tell an existing account of an invitation, and nobody else', async () => {
    const owner = await t.organization(await t.signUp({ name: 'Ilona Inviter' }));
    const invitee = await t.signUp({ name: 'Ville Invited', email: uniqueEmail('ville') });
    const stranger = await t.signUp();
    const res = await invite(t, owner, owner.personalOrganizationId, invitee.email);
    expect(res.json().status).toBe('OK');
    const [told] = await kindsOf(invitee);
    expect(told).toMatchObject({ kind: 'invitation-received', organizationName: expect.any(String) });
    expect(await kindsOf(stranger)).toEqual([]);
    expect(await kindsOf(owner)).toEqual([]);
  });

  it('tell the holders of a role that a document was shared with it, once a day, not the one who shared', async () => {
    const owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
    const holder = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const bystander = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const [legal] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Legal', permissions: [] })
      .returning();
    // The sharer holds the role too: still nobody tells them of their own share.
    await t.database.db.insert(roleAssignments).values(
      [holder, owner].map((member) => ({
        roleId: legal!.id,
        accountId: member.accountId,
        organizationId: owner.personalOrganizationId,
      })),
    );
    const doc = await t.contract(owner, 'Shared memo');
    const share = () => t.json(owner, 'GET', `/api/privileges/document-role/${doc.id}/${legal!.id}`);
    expect((await share()).statusCode).toBe(200);
    expect(await kindsOf(holder)).toMatchObject([
      { kind: 'document-shared', documentName: 'Shared memo', roleName: 'Legal' },
    ]);
    expect(await kindsOf(bystander)).toEqual([]);
    expect(await kindsOf(owner)).toEqual([]);
    // Taken and given again the same day: no second notification.
    await t.json(owner, 'GET', `/api/privileges/document-delete/${doc.id}/${legal!.id}`);
    expect((await share()).statusCode).toBe(200);
    expect(await kindsOf(holder)).toHaveLength(1);
    // The role taken from the member: the document is hidden from them, and so is what was told of it.
    await t.database.db.delete(roleAssignments).where(eq(roleAssignments.accountId, holder.accountId));
    expect(await kindsOf(holder)).toEqual([]);
    expect((await t.json(holder, 'GET', '/api/notifications/unread')).json().unread).toBe(0);
  });

  it('tell the owner and balance viewers once when a charge takes the balance below 10 €', async () => {
    const owner = await t.organization(await t.signUp({ name: 'Bea Balance', email: uniqueEmail('bea') }));
    const viewer = await t.member(owner, [P.ORG_VIEW_BALANCE]);
    const other = await t.member(owner, [P.DOCUMENTS_VIEW]);
    await t.fund(owner, 10);
    for (const name of ['First', 'Second']) {
      const doc = await t.contract(owner, name);
      await t.addSignee(owner, doc.id, { givenName: 'Sam', familyName: 'S', email: uniqueEmail('sam') });
      expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    }
    for (const who of [owner, viewer]) {
      const low = (await kindsOf(who)).filter((n) => n.kind === 'balance-low');
      expect(low).toHaveLength(1);
      expect(low[0]?.balance).toBeLessThan(1000);
    }
    expect(await kindsOf(other)).toEqual([]);
    expect(await subjects(owner.email)).toContainEqual(
      expect.stringMatching(/^The balance of .+ is low: €\d+\.\d\d$/),
    );
  });
});
