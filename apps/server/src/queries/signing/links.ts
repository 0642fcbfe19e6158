import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, signeeLinks, signees, signingProcesses, signingSessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { documentColumns, visible, type DocumentRow } from '../documents/columns.ts';
import type { ProcessRow, SessionRow, SigneeRow } from './signees.ts';

export interface LinkTarget {
  kind: 'request' | 'self' | 'completed';
  signee: SigneeRow;
  process: ProcessRow;
  document: DocumentRow;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a signee's link token leads to, or null (unknown token, or its document is gone). The caller
 * decides whether the round it belongs to still counts (a cancelled round's links are dead).
 */
export async function findByLink(db: DbOrTx, token: string): Promise<LinkTarget | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      kind: signeeLinks.kind,
      signee: signees,
      process: signingProcesses,
      document: documentColumns,
    })
    .from(signeeLinks)
    .innerJoin(signees, eq(signees.id, signeeLinks.signeeId))
    .innerJoin(signingProcesses, eq(signingProcesses.id, signeeLinks.processId))
    .innerJoin(documents, and(eq(documents.id, signingProcesses.documentId), visible))
    .where(eq(signeeLinks.tokenHash, sha256Hex(token)))
    .limit(1);
  return row ?? null;
}

export interface SessionTarget {
  session: SessionRow;
  signee: SigneeRow;
  process: ProcessRow;
  document: DocumentRow;
}

/** A signing session by its secret token, with what it signs; null when unknown. */
export async function findBySessionToken(db: DbOrTx, token: string): Promise<SessionTarget | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      session: signingSessions,
      signee: signees,
      process: signingProcesses,
      document: documentColumns,
    })
    .from(signingSessions)
    .innerJoin(signees, eq(signees.id, signingSessions.signeeId))
    .innerJoin(signingProcesses, eq(signingProcesses.id, signingSessions.processId))
    .innerJoin(documents, and(eq(documents.id, signingProcesses.documentId), visible))
    .where(eq(signingSessions.tokenHash, sha256Hex(token)))
    .limit(1);
  return row ?? null;
}
