import { SIGNING_IDLE_MS } from '@sinetti/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signees, signingProcesses, signingSessions } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DocumentAccess } from '../../policies/documents.ts';

export type SigneeRow = typeof signees.$inferSelect;
export type ProcessRow = typeof signingProcesses.$inferSelect;
export type SessionRow = typeof signingSessions.$inferSelect;

/** The document's signees in signing order. */
export async function listSignees(db: DbOrTx, documentId: string): Promise<SigneeRow[]> {
  return db
    .select()
    .from(signees)
    .where(eq(signees.documentId, documentId))
    .orderBy(asc(signees.position), asc(signees.createdAt), asc(signees.id));
}

/** How many signees the document has (what its send ability needs). */
export async function countSignees(db: DbOrTx, doc: DocumentAccess): Promise<number> {
  const [row] = await db.select({ n: count() }).from(signees).where(eq(signees.documentId, doc.id));
  return Number(row?.n ?? 0);
}

/** A signee of the authorized document, or null (none, or another document's). */
export async function findSignee(db: DbOrTx, doc: DocumentAccess, id: string): Promise<SigneeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(signees)
    .where(and(eq(signees.id, id), eq(signees.documentId, doc.id)))
    .limit(1);
  return row ?? null;
}

/**
 * The id of a signee's document, or null: for the policy layer only (authorizeSignee), which authorizes
 * that document before anything of the signee is read, as findDocument serves authorizeDocument.
 */
export async function documentOfSignee(db: DbOrTx, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ documentId: signees.documentId })
    .from(signees)
    .where(eq(signees.id, id))
    .limit(1);
  return row?.documentId ?? null;
}

/** The document's open round (signing or sealing), optionally locked for the transaction. */
export async function openProcessOf(
  db: DbOrTx,
  documentId: string,
  lock = false,
): Promise<ProcessRow | null> {
  const query = db
    .select()
    .from(signingProcesses)
    .where(
      and(
        eq(signingProcesses.documentId, documentId),
        inArray(signingProcesses.state, ['signing', 'sealing']),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The document's newest round in any state. */
export async function latestProcessOf(db: DbOrTx, doc: DocumentAccess): Promise<ProcessRow | null> {
  const [row] = await db
    .select()
    .from(signingProcesses)
    .where(eq(signingProcesses.documentId, doc.id))
    .orderBy(desc(signingProcesses.round))
    .limit(1);
  return row ?? null;
}

/** A round as it is now, without a lock (slow work reads it first, then re-checks under the lock). */
export async function findProcess(db: DbOrTx, id: string): Promise<ProcessRow | null> {
  const [row] = await db.select().from(signingProcesses).where(eq(signingProcesses.id, id)).limit(1);
  return row ?? null;
}

export async function lockProcess(db: DbOrTx, id: string): Promise<ProcessRow | null> {
  const [row] = await db
    .select()
    .from(signingProcesses)
    .where(eq(signingProcesses.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** When a session was last seen: its last call or heartbeat, else its start. */
export const lastSeen = sql<Date>`coalesce(${signingSessions.lastSeenAt}, ${signingSessions.createdAt})`;

/**
 * Sessions of a round that hold it now: not ended, within their 60 minutes, and seen within SIGNING_IDLE_MS
 * (an idle or departed signee no longer locks the others out).
 */
export async function openSessionsOf(db: DbOrTx, processId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(signingSessions)
    .where(
      and(
        eq(signingSessions.processId, processId),
        isNull(signingSessions.endedAt),
        gt(signingSessions.expiresAt, now),
        gt(lastSeen, new Date(now.getTime() - SIGNING_IDLE_MS)),
      ),
    );
}
