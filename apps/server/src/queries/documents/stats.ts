import { DOCUMENT_STATE, STATS_PERIOD_DAYS, type P } from '@sinetti/contract';
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { documentCounts } from '../../db/schema/index.ts';
import type { AlongRead, AlongSession } from '../../http/actor.ts';
import type { AuthorizedScope } from '../../policies/index.ts';

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

/** One role set's count of one state: [state, restricted, role ids, documents]. */
type RoleSetCount = [number, boolean, string[] | null, number | string];

/**
 * The organization's counts of the counted period per state and role set, as one JSON array of
 * RoleSetCount: days and writers' shards summed, at most states x role sets elements (an organization has a
 * handful of distinct role sets), whatever the number of documents.
 */
function roleSetCounts(organizationId: SQL | AnyPgColumn, since: SQL | string): SQL {
  const c = documentCounts;
  return sql`(select coalesce(json_agg(json_build_array(s.state, s.restricted, s.role_ids, s.n)), '[]'::json)
    from (select ${c.state} as state, ${c.restricted} as restricted, ${c.roleIds} as role_ids, sum(${c.n}) as n
          from ${c}
          where ${and(
            eq(c.organizationId, organizationId),
            gte(c.day, since),
            sql`${c.state} in (${sql.raw([Draft, Signing, Signed, Archived].join(', '))})`,
          )}
          group by ${c.state}, ${c.restricted}, ${c.roleIds}) s)`;
}

/**
 * The counts the caller sees, by the rule of seenByCaller() over role sets: the owner all of them; others
 * those without roles and those sharing one of theirs.
 */
function statsOf(scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>, counts: RoleSetCount[]): DocumentStats {
  const held = new Set(scope.roleIds);
  const totals = new Map<number, number>();
  for (const [state, restricted, roleIds, n] of counts) {
    if (!scope.seesAll && restricted && !(roleIds ?? []).some((id) => held.has(id))) continue;
    totals.set(state, (totals.get(state) ?? 0) + Number(n));
  }
  const of = (state: number) => totals.get(state) ?? 0;
  return { draft: of(Draft), pending: of(Signing), complete: of(Signed), archived: of(Archived) };
}

/** JSON as the driver hands it: parsed already (node-postgres, PGlite) or as text. */
function countsFrom(value: unknown): RoleSetCount[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as RoleSetCount[]) : [];
}

/**
 * The dashboard's counts read in the caller's session statement (http/actor.ts AlongSession): the stats
 * call costs one round trip to the database instead of two (issue #32 item 1: stats ≥ 0.3 × health). The
 * counts are of the organization the caller's membership names, and are used only after authorize(). This
 * is the only way the counts are read.
 */
const countsAlongSession: AlongSession<RoleSetCount[]> = {
  name: 'document_counts',
  column: (session) => roleSetCounts(session.organizationId, sql`${sql.placeholder('countsSince')}`),
  read: countsFrom,
};

/** The counts to read along the session at `now`. */
export function countsAlong(now: Date): AlongRead<RoleSetCount[]> {
  return { session: countsAlongSession, values: { countsSince: statsFirstDay(now) } };
}

/** Stats from the counts countsAlong() read, for the scope they were authorized for. */
export function statsFromSession(
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  counts: RoleSetCount[] | null,
): DocumentStats {
  return statsOf(scope, counts ?? []);
}
