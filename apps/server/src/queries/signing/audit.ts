import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingEvents } from '../../db/schema/index.ts';
import type { DocumentAccess } from '../../policies/documents.ts';

export type SigningEventRow = typeof signingEvents.$inferSelect;

/** A document's signing audit trail in order. */
export async function listSigningEvents(db: DbOrTx, doc: DocumentAccess): Promise<SigningEventRow[]> {
  return db
    .select()
    .from(signingEvents)
    .where(eq(signingEvents.documentId, doc.id))
    .orderBy(asc(signingEvents.seq));
}
