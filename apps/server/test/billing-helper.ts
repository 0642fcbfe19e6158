import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createOrganization } from '../src/commands/create-organization.ts';
import { systemAudit } from '../src/commands/audit.ts';
import { createSession } from '../src/commands/sessions.ts';
import type { BillingDeps } from '../src/commands/billing/payments.ts';
import { accounts, memberships, roleAssignments, roles } from '../src/db/schema/index.ts';
import type { OrganizationActor } from '../src/http/actor.ts';
import { authorize, type AuthorizedScope } from '../src/policies/index.ts';
import { loadMembership } from '../src/policies/membership.ts';
import type { PaymentProvider } from '../src/services/payments/types.ts';
import type { TestApp, TestUser } from './helper.ts';

/** A business organization owned by `owner` (not personal). */
export async function createCompany(t: TestApp, owner: TestUser, name = 'Acme Oy'): Promise<string> {
  const organization = await t.database.db.transaction((tx) =>
    createOrganization(tx, { name, ownerAccountId: owner.accountId, platform: 'google' }, systemAudit),
  );
  return organization.id;
}

/** Makes `user` a member of the organization with one of its default roles. */
export async function addMember(
  t: TestApp,
  organizationId: string,
  user: TestUser,
  roleName: 'Administrator' | 'Member' | 'Viewer',
): Promise<void> {
  const db = t.database.db;
  await db.insert(memberships).values({ organizationId, accountId: user.accountId });
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.name, roleName)));
  if (!role) throw new Error(`no role ${roleName}`);
  await db.insert(roleAssignments).values({ roleId: role.id, accountId: user.accountId, organizationId });
}

/** Saves a card through the sandbox's own page, as a browser would. */
export async function saveSandboxCard(
  t: TestApp,
  user: TestUser,
  company: string,
  number = '4242 4242 4242 4242',
): Promise<void> {
  const setup = await t.call(user, { method: 'GET', url: '/api/payments/setup', company });
  expect(setup.statusCode).toBe(200);
  const page = new URL(setup.json().redirectUrl as string);
  const res = await t.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry: '12/40', cvc: '123', action: 'save' }).toString(),
  });
  if (res.statusCode === 200) {
    // The 3-D Secure test card shows its confirmation step first.
    const confirm = await t.app.inject({
      method: 'POST',
      url: `${page.pathname}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=confirm',
    });
    expect(confirm.statusCode).toBe(303);
    return;
  }
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe('http://sinetti.test/payment-return/sandbox/saved');
}

export async function ledgerSum(t: TestApp, organizationId: string): Promise<number> {
  const result = await t.database.db.execute<{ total: string | number }>(
    sql`select coalesce(sum(amount_cents), 0) as total from transactions where organization_id = ${organizationId}`,
  );
  return Number((result as unknown as { rows: { total: string | number }[] }).rows[0]?.total ?? 0);
}

export async function balanceOf(t: TestApp, user: TestUser, company: string): Promise<number> {
  const res = await t.call(user, { method: 'GET', url: '/api/plan/balance', company });
  expect(res.statusCode).toBe(200);
  return res.json().balance as number;
}

let keyCounter = 0;
export function newKey(prefix = 'key'): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`;
}

export async function topUp(
  t: TestApp,
  user: TestUser,
  company: string,
  amount: unknown,
  idempotencyKey: string = newKey('top-up'),
) {
  return t.call(user, {
    method: 'POST',
    url: '/api/plan/balance',
    company,
    payload: { amount, idempotencyKey } as object,
  });
}

/** A new session for the same account (after the test clock has jumped past the 2-hour expiry). */
export async function freshSession(t: TestApp, user: TestUser): Promise<TestUser> {
  const { token } = await createSession(t.database.db, t.clock, {
    accountId: user.accountId,
    selectedOrganizationId: user.personalOrganizationId,
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return { ...user, token };
}

/**
 * The app's payment provider, but the process "dies" right after the charge reached the provider
 * (`after`) or right before it would have (`before`): the call never returns, so nothing is settled.
 * `reached` resolves when the process got that far.
 */
export function crashingProvider(real: PaymentProvider, when: 'after' | 'before') {
  let signal: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (signal = resolve));
  const provider: PaymentProvider = {
    ...real,
    async charge(input) {
      if (when === 'after') await real.charge(input);
      signal();
      return new Promise<never>(() => undefined);
    },
  };
  return { provider, reached };
}

/** Billing commands' dependencies for the test app with another provider. */
export function depsWith(t: TestApp, provider: PaymentProvider | null): BillingDeps {
  return { db: t.database.db, clock: t.clock, provider, log: t.app.log };
}

/** The owner's billing scope, authorized as a route would, for tests that call billing commands directly. */
export async function ownerScope(
  t: TestApp,
  owner: TestUser,
  company: string,
): Promise<AuthorizedScope<'owner'>> {
  const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
  const membership = await loadMembership(t.database.db, owner.accountId, company);
  if (!account || !membership) throw new Error('not a member');
  const actor: OrganizationActor = {
    sessionId: 'test',
    account,
    ip: '127.0.0.1',
    userAgent: null,
    membership,
  };
  return authorize(actor, 'owner');
}
