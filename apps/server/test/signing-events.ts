import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { signingEvents } from '../src/db/schema/index.ts';

/**
 * A document's signing events straight from the table, in order: what tests inspect (or tamper with)
 * beneath the API. The server's own read, listSigningEvents, takes an authorized document instead.
 */
export async function signingEventsOf(db: DbOrTx, documentId: string) {
  return db
    .select()
    .from(signingEvents)
    .where(eq(signingEvents.documentId, documentId))
    .orderBy(asc(signingEvents.seq));
}
