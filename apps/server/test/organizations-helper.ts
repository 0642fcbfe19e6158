import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../src/db/schema/index.ts';
import { MAIL_SEND_JOB, type StoredMail } from '../src/services/mail/index.ts';
import { uniqueEmail, type TestApp, type TestUser } from './helper.ts';

export const A = '/api/authentication';

export interface OrgFixture {
  owner: TestUser;
  orgId: string;
}

/** An owner (of the given platform) and a new shared organization of theirs. */
export async function ownerWithOrganization(
  t: TestApp,
  opts: { platform?: 'google' | 'microsoft'; name?: string } = {},
): Promise<OrgFixture> {
  const owner = await t.signUp({ platform: opts.platform ?? 'google', name: 'Olli Owner' });
  const res = await t.call(owner, {
    method: 'POST',
    url: `${A}/create-company`,
    payload: { name: opts.name ?? 'Acme Oy' },
  });
  expect(res.statusCode).toBe(200);
  return { owner, orgId: res.json().companyId as string };
}

export const invite = (t: TestApp, user: TestUser, orgId: string, email: unknown) =>
  t.call(user, { method: 'POST', url: `${A}/invite`, company: orgId, payload: { email } as object });

export const get = (t: TestApp, user: TestUser | null, url: string, company?: string) =>
  t.call(user, { method: 'GET', url: `${A}${url}`, ...(company ? { company } : {}) });

/**
 * Runs due jobs, then the development mailbox's messages to `to`, newest first. The app's own worker may
 * hold a message job while drain() runs: wait until none is queued or running (up to two minutes, a hang
 * detector: a busy machine can be ten times slower than an idle one).
 */
export async function mailsTo(t: TestApp, to: string): Promise<StoredMail[]> {
  const mailbox = t.app.mail.mailbox;
  if (!mailbox) throw new Error('the tests expect the development mailbox');
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    await t.app.jobs.drain();
    const busy = await t.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_SEND_JOB), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (busy.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mailbox.list({ to });
}

/** The token of the newest invite link e-mailed to `to`. */
export async function inviteTokenOf(t: TestApp, to: string): Promise<string> {
  const [mail] = await mailsTo(t, to);
  const link = mail?.links.find((l) => l.includes('invite='));
  if (!link) throw new Error(`no invite link to ${to}`);
  return new URL(link).searchParams.get('invite') ?? '';
}

/** The id of the caller's only pending invite. */
export async function ownInviteId(t: TestApp, user: TestUser): Promise<string> {
  const res = await get(t, user, '/invites/account/pending');
  expect(res.statusCode).toBe(200);
  const [first] = res.json().invites as { id: string }[];
  if (!first) throw new Error('no pending invite');
  return first.id;
}

/** Invites a new account of `platform` to the organization and lets it accept: a member with the default role. */
export async function addMember(
  t: TestApp,
  fixture: OrgFixture,
  opts: { platform?: 'google' | 'microsoft'; name?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail('member');
  expect((await invite(t, fixture.owner, fixture.orgId, email)).json().status).toBe('OK');
  const user = await t.signUp({
    email,
    platform: opts.platform ?? 'google',
    name: opts.name ?? 'Maija Member',
  });
  const accepted = await get(t, user, `/invite-accept/${await ownInviteId(t, user)}`);
  expect(accepted.statusCode).toBe(200);
  return user;
}

export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  reason?: string,
): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ status: 'ERROR', code, ...(reason ? { reason } : {}) });
}
