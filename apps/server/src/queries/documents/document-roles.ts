import type { DocumentRoles, P } from '@sinetti/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentRoles, documents, roles } from '../../db/schema/index.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import { isUuid } from '../../lib/ids.ts';
import { effectiveRolesOf } from './columns.ts';

type Named = { id: string; name: string };

/**
 * A role of the authorized document's organization, to give to it or take from it, or null (none, or
 * another organization's: the caller answers 404).
 */
export async function findRole(
  db: DbOrTx,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT_ROLES | typeof P.DOCUMENTS_DELETE_ROLES>,
  id: string,
): Promise<{ id: string; name: string; organizationId: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: roles.id, name: roles.name, organizationId: roles.organizationId })
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.organizationId, doc.organizationId)))
    .limit(1);
  return row ?? null;
}

/**
 * The document's own roles, where its effective roles come from, and the organization's roles to choose
 * from: what the document-roles dialog shows.
 */
export async function documentRolesOf(
  db: DbOrTx,
  doc: AuthorizedDocument<
    typeof P.DOCUMENTS_VIEW_ROLES | typeof P.DOCUMENTS_EDIT_ROLES | typeof P.DOCUMENTS_DELETE_ROLES
  >,
): Promise<Omit<DocumentRoles, 'status'>> {
  const available = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.organizationId, doc.organizationId))
    .orderBy(asc(roles.name), asc(roles.id));
  const own = await db
    .select({ id: documentRoles.roleId })
    .from(documentRoles)
    .where(eq(documentRoles.documentId, doc.id));
  const named = (ids: readonly string[]): Named[] => available.filter((r) => ids.includes(r.id));
  const [fresh] = await db
    .select({ effective: effectiveRolesOf(documents).mapWith(documents.effectiveRoleIds) })
    .from(documents)
    .where(eq(documents.id, doc.id));
  const effective = fresh?.effective ?? [];
  let inheritedFrom: Named | null = null;
  if (own.length === 0 && effective.length > 0) {
    // The nearest folder above that has roles of its own.
    const result = await db.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from documents where id = ${doc.id}
        union all
        select d.id, d.parent_id, up.depth + 1 from documents d join up on d.id = up.parent_id
        where up.depth < 1000
      )
      select d.id, d.name from up join documents d on d.id = up.id
      where up.depth > 0 and exists (select 1 from document_roles r where r.document_id = up.id)
      order by up.depth limit 1`);
    inheritedFrom = ((result as unknown as { rows: Named[] }).rows[0] as Named | undefined) ?? null;
  }
  return {
    roles: named(own.map((r) => r.id)),
    inheritedFrom,
    effective: named(effective),
    available,
  };
}
