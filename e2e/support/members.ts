import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../apps/server/src/commands/sessions.ts';
import { upsertAccount } from '../../apps/server/src/commands/upsert-account.ts';
import { accounts, memberships, organizations } from '../../apps/server/src/db/schema/index.ts';
import type { OffsetClock } from '../../apps/server/src/lib/clock.ts';

export interface ApiMember {
  accountId: string;
  organizationId: string;
  /** Calls the API as this member in the organization. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }>;
}

/**
 * A member of the named organization, made directly in the database with a session of their own (test
 * support: stands in for an accepted invitation), holding no role.
 */
export async function addMember(
  app: FastifyInstance,
  clock: OffsetClock,
  baseUrl: string,
  organizationName: string,
  email: string,
): Promise<ApiMember> {
  const db = app.ctx.db;
  const [organization] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, organizationName));
  if (!organization) throw new Error(`no organization ${organizationName}`);
  const { account } = await upsertAccount(
    db,
    {
      platform: 'google',
      issuer: `${baseUrl}/oidc`,
      sub: randomBytes(8).toString('hex'),
      email,
      givenName: 'Maija',
      familyName: 'Member',
      picture: null,
    },
    { ip: '127.0.0.1', userAgent: 'e2e' },
  );
  await db.update(accounts).set({ setupComplete: true }).where(eq(accounts.id, account.id));
  await db.insert(memberships).values({ organizationId: organization.id, accountId: account.id });
  const { token } = await createSession(db, clock, {
    accountId: account.id,
    selectedOrganizationId: organization.id,
    ip: '127.0.0.1',
    userAgent: 'e2e',
  });
  return {
    accountId: account.id,
    organizationId: organization.id,
    async call(method, path, body) {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          'application-id': 'Frontend',
          'session-id': token,
          'company-id': organization.id,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: await res.json() };
    },
  };
}
