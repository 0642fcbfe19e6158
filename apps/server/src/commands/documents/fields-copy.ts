import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentFields, signees } from '../../db/schema/index.ts';
import { roleKey } from './fields.ts';

/** Where a document's signee is found again in its copy: the same address (unique per document). */
const at = (documentId: string, email: string) => `${documentId}\n${email.toLowerCase()}`;

/**
 * Use template (issue #33 item 1): the fields of the copied documents go to their copies, in the
 * transaction that made them, after their signees were copied and the role signees added. A field of a
 * template's own signee becomes the copied signee's; a field of a role becomes the field of the person
 * given for that role (`roles`: role → address, of the root copy only; the roles of templates copied
 * inside a folder are not filled, so their role fields are left out). Each copy gets new ids.
 */
export async function copyFields(
  tx: DbOrTx,
  copies: ReadonlyMap<string, string>,
  root: { id: string; roles: ReadonlyMap<string, string> },
  now: Date,
): Promise<void> {
  if (copies.size === 0) return;
  const sources = await tx
    .select({ field: documentFields, email: signees.email })
    .from(documentFields)
    .leftJoin(signees, eq(signees.id, documentFields.signeeId))
    .where(inArray(documentFields.documentId, [...copies.keys()]));
  if (sources.length === 0) return;
  const made = await tx
    .select({ id: signees.id, documentId: signees.documentId, email: signees.email })
    .from(signees)
    .where(inArray(signees.documentId, [...copies.values()]));
  const signeeAt = new Map(made.map((s) => [at(s.documentId, s.email), s.id]));
  const rows = sources.flatMap(({ field, email }) => {
    const documentId = copies.get(field.documentId);
    if (!documentId) return [];
    const roleEmail =
      field.role !== null && documentId === root.id ? root.roles.get(roleKey(field.role)) : null;
    const who = email ?? roleEmail;
    const signeeId = who ? signeeAt.get(at(documentId, who)) : undefined;
    if (!signeeId) return [];
    return [{ ...field, id: randomUUID(), documentId, signeeId, role: null, createdAt: now }];
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(documentFields).values(rows.slice(i, i + 500));
}

/**
 * A template's roles were replaced: fields of a role it no longer has are removed (as a removed signee's
 * are), the others take the role's new spelling (a role renamed only in case keeps its fields).
 */
export async function keepFieldsOfRoles(
  tx: DbOrTx,
  documentId: string,
  roles: readonly string[],
): Promise<void> {
  const byKey = new Map(roles.map((r) => [roleKey(r), r]));
  const placed = await tx
    .select({ id: documentFields.id, role: documentFields.role })
    .from(documentFields)
    .where(and(eq(documentFields.documentId, documentId), isNotNull(documentFields.role)));
  // A field's id is a key within its document only: every statement names the document too.
  const ofThis = (ids: string[]) =>
    and(eq(documentFields.documentId, documentId), inArray(documentFields.id, ids));
  const gone = placed.filter((f) => !byKey.has(roleKey(f.role ?? ''))).map((f) => f.id);
  if (gone.length > 0) await tx.delete(documentFields).where(ofThis(gone));
  for (const f of placed) {
    const role = byKey.get(roleKey(f.role ?? ''));
    if (role !== undefined && role !== f.role) {
      await tx
        .update(documentFields)
        .set({ role })
        .where(ofThis([f.id]));
    }
  }
}
