import type { PlacedField } from '@sinetti/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documentFields } from '../db/schema/index.ts';

export type FieldRow = typeof documentFields.$inferSelect;

/** A stored field as the contract's PlacedField. */
export function presentField(row: FieldRow): PlacedField {
  return {
    id: row.id,
    kind: row.kind,
    page: row.page,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    signeeId: row.signeeId,
    role: row.role,
    required: row.required,
    label: row.label,
  };
}

/**
 * The fields placed on a document, in page order (page, then top to bottom, then left to right). The
 * caller has authorized the document (the documents routes, or the signing service for its own round).
 */
export async function fieldsOf(db: DbOrTx, documentId: string): Promise<PlacedField[]> {
  const rows = await db
    .select()
    .from(documentFields)
    .where(eq(documentFields.documentId, documentId))
    .orderBy(
      asc(documentFields.page),
      asc(documentFields.y),
      asc(documentFields.x),
      asc(documentFields.position),
    );
  return rows.map(presentField);
}
