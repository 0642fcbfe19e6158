import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { accounts } from '../../apps/server/src/db/schema/index.ts';
import { upsertAccount } from '../../apps/server/src/commands/upsert-account.ts';

/** An account with setup done and its Personal organization, as the benchmarks' caller. */
export async function benchAccount(db: Db): Promise<{ accountId: string; organizationId: string }> {
  const { account } = await upsertAccount(
    db,
    {
      platform: 'google',
      issuer: 'bench',
      sub: randomBytes(8).toString('hex'),
      email: 'bench@example.com',
      givenName: 'B',
      familyName: 'U',
      picture: null,
    },
    { ip: null, userAgent: null },
  );
  await db.update(accounts).set({ setupComplete: true }).where(eq(accounts.id, account.id));
  return { accountId: account.id, organizationId: account.defaultOrganizationId ?? '' };
}
