import { DOCUMENT_STATE, STATS_PERIOD_DAYS, type P } from '@sinetti/contract';
import { and, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentCounts } from '../../db/schema/index.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { seeValues } from './columns.ts';

export interface DocumentStats {
  draft: number;
  pending: number;
  complete: number;
  archived: number;
}

/** The UTC day the counted period starts on: STATS_PERIOD_DAYS days before now, the whole day included. */
export function statsFirstDay(now: Date): string {
  return new Date(now.getTime() - STATS_PERIOD_DAYS * 24 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Documents (not folders) per state among those updated in the last STATS_PERIOD_DAYS days (from the start
 * of the UTC day STATS_PERIOD_DAYS days ago), of those the caller sees by their roles. Read from
 * document_counts, which triggers keep per organization, day, state and role set (docs/decisions.md
 * "Dashboard counts"): at most days x states x role sets x writers' shards rows, whatever the number of
 * documents (issue #32 item 1).
 */
export async function documentStats(
  db: DbOrTx,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  now: Date,
): Promise<DocumentStats> {
  const { Draft, Signing, Signed, Archived } = DOCUMENT_STATE;
  const see = seeValues(scope);
  const rows = await db
    .select({ state: documentCounts.state, n: sum(documentCounts.n).mapWith(Number) })
    .from(documentCounts)
    .where(
      and(
        eq(documentCounts.organizationId, scope.organizationId),
        gte(documentCounts.day, statsFirstDay(now)),
        inArray(documentCounts.state, [Draft, Signing, Signed, Archived]),
        // The rule of seenByCaller() over role sets: no roles, or one the caller holds.
        sql`(${see.seesAll}::boolean or not ${documentCounts.restricted} or ${documentCounts.roleIds} && ${see.roleIds}::uuid[])`,
      ),
    )
    .groupBy(documentCounts.state);
  const of = (state: number) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { draft: of(Draft), pending: of(Signing), complete: of(Signed), archived: of(Archived) };
}
