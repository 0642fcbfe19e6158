import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, apiKeys, persons } from '../db/schema/index.ts';
import type { P } from '@sinetti/contract';
import { creatorColumns, creatorOf, type Creator } from './creator.ts';
import type { Authorized } from '../policies/index.ts';
import type { OrganizationRow } from '../policies/membership.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key with the name parts of whoever made it (null when that account is gone). */
export interface ApiKeyView {
  key: ApiKeyRow;
  creator: Creator | null;
}

function selectViews(db: DbOrTx) {
  return db
    .select({
      key: apiKeys,
      creator: creatorColumns,
    })
    .from(apiKeys)
    .leftJoin(accounts, eq(accounts.id, apiKeys.createdByAccountId))
    .leftJoin(persons, eq(persons.accountId, accounts.id));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

function toView({ key, creator }: Selected): ApiKeyView {
  return { key, creator: creatorOf(creator) };
}

/** The organization's keys, newest first. */
export async function listApiKeys(
  db: DbOrTx,
  organization: Authorized<OrganizationRow, typeof P.ORG_EDIT_DETAILS>,
): Promise<ApiKeyView[]> {
  const rows = await selectViews(db)
    .where(eq(apiKeys.organizationId, organization.id))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);
  return rows.map(toView);
}

/** One key by id, whichever organization it is in (the caller authorizes it). */
export async function findApiKey(db: DbOrTx, id: string): Promise<ApiKeyView | null> {
  const rows = await selectViews(db).where(eq(apiKeys.id, id)).limit(1);
  return rows[0] ? toView(rows[0]) : null;
}
