import { DOCUMENT_STATE, STATS_PERIOD_DAYS, type P } from '@sinetti/contract';
import { and, count, eq, gte, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { seenByCaller, seeValues } from './columns.ts';

export interface DocumentStats {
  draft: number;
  pending: number;
  complete: number;
  archived: number;
}

/** Documents (not folders) per state among those updated in the last STATS_PERIOD_DAYS days. */
export async function documentStats(
  db: DbOrTx,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  now: Date,
): Promise<DocumentStats> {
  const since = new Date(now.getTime() - STATS_PERIOD_DAYS * 24 * 3600_000);
  const { Draft, Signing, Signed, Archived } = DOCUMENT_STATE;
  const rows = await db
    .select({ state: documents.state, n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, scope.organizationId),
        inArray(documents.state, [Draft, Signing, Signed, Archived]),
        gte(documents.updatedAt, since),
        ne(documents.type, 'folder'),
        seenByCaller(documents, seeValues(scope)),
      ),
    )
    .groupBy(documents.state);
  const of = (state: number) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { draft: of(Draft), pending: of(Signing), complete: of(Signed), archived: of(Archived) };
}
