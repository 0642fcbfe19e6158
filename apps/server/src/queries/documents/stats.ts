import { DOCUMENT_STATE, STATS_PERIOD_DAYS, type P } from '@sinetti/contract';
import { and, eq, gte, sql, sum } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
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

const { Draft, Signing, Signed, Archived } = DOCUMENT_STATE;
const p = sql.placeholder;

const countsQuery = (db: DbOrTx) =>
  db
    .select({ state: documentCounts.state, n: sum(documentCounts.n).mapWith(Number) })
    .from(documentCounts)
    .where(
      and(
        eq(documentCounts.organizationId, sql`${p('organizationId')}`),
        gte(documentCounts.day, sql`${p('since')}`),
        sql`${documentCounts.state} in (${sql.raw([Draft, Signing, Signed, Archived].join(', '))})`,
        // The rule of seenByCaller() over role sets: no roles, or one the caller holds.
        sql`(${p('seesAll')}::boolean or not ${documentCounts.restricted} or ${documentCounts.roleIds} && ${p('roleIds')}::uuid[])`,
      ),
    )
    .groupBy(documentCounts.state);

/** Every dashboard asks it: built and prepared once per database (outside transactions). */
const countsPrepared = preparedPerDatabase((db) => countsQuery(db).prepare('documents_stats'));

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
  const values = { organizationId: scope.organizationId, since: statsFirstDay(now), ...seeValues(scope) };
  const rows =
    db instanceof PgTransaction
      ? await countsQuery(db).execute(values)
      : await countsPrepared(db as Db).execute(values);
  const of = (state: number) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { draft: of(Draft), pending: of(Signing), complete: of(Signed), archived: of(Archived) };
}
