import { mimeTypeOf, type DocumentVersion } from '@sinetti/contract';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { personName } from '../person-name.ts';
import type { DocumentAccess } from '../../policies/documents.ts';
import type { DocumentRow } from './columns.ts';
import { accounts, documentVersions, persons, signingProcesses } from '../../db/schema/index.ts';

export type VersionRow = typeof documentVersions.$inferSelect;

/** The number of the document's current (newest) version; null before its file exists. */
export async function currentVersionNumber(db: DbOrTx, documentId: string): Promise<number | null> {
  const [row] = await db
    .select({ number: max(documentVersions.number) })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId));
  return row?.number ?? null;
}

/** One version of the authorized document, or null. */
export async function findVersion(
  db: DbOrTx,
  doc: DocumentAccess,
  number: number,
): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, doc.id), eq(documentVersions.number, number)))
    .limit(1);
  return row ?? null;
}

/**
 * The document row as it was at version `number` (its file columns), to download that version's files:
 * authorized as the row it comes from (the same document, an earlier file).
 */
export async function versionFileRow<R extends DocumentAccess<DocumentRow>>(
  db: DbOrTx,
  row: R,
  number: number,
): Promise<R> {
  const version = await findVersion(db, row, number);
  if (!version) throw new AppError('NOT_FOUND', `The document has no version ${number}.`);
  return { ...row, name: `${row.name} (v${number})`, ...fileColumnsOf(version) };
}

/** A version's file as the document row's file columns (a download of it, or a restore). */
export function fileColumnsOf(version: VersionRow) {
  return {
    extension: version.extension,
    mimeType: mimeTypeOf(version.extension),
    blobKey: version.blobKey,
    size: version.size,
    sha256: version.sha256,
    pdfKey: version.pdfKey,
    pdfSize: version.pdfSize,
    pdfSha256: version.pdfSha256,
  };
}

/** The document's versions, newest first, with their authors' names and the rounds sent with each. */
export async function listVersions(db: DbOrTx, doc: DocumentAccess): Promise<DocumentVersion[]> {
  const documentId = doc.id;
  const rows = await db
    .select({
      number: documentVersions.number,
      origin: documentVersions.origin,
      restoredFrom: documentVersions.restoredFrom,
      createdAt: documentVersions.createdAt,
      extension: documentVersions.extension,
      size: documentVersions.size,
      sha256: documentVersions.sha256,
      hasPdf: sql<boolean>`${documentVersions.pdfKey} is not null`,
      hasText: sql<boolean>`${documentVersions.contentText} is not null`,
      name: personName,
      email: accounts.email,
    })
    .from(documentVersions)
    .leftJoin(accounts, eq(accounts.id, documentVersions.authorAccountId))
    .leftJoin(persons, eq(persons.accountId, documentVersions.authorAccountId))
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.number));
  const rounds = await db
    .select({ round: signingProcesses.round, version: signingProcesses.documentVersion })
    .from(signingProcesses)
    .where(eq(signingProcesses.documentId, documentId))
    .orderBy(signingProcesses.round);
  return rows.map((r) => ({
    number: r.number,
    origin: r.origin,
    restoredFrom: r.restoredFrom,
    created: r.createdAt.toISOString(),
    author: r.name ?? r.email ?? null,
    extension: r.extension,
    size: r.size,
    sha256: r.sha256,
    hasPdf: Boolean(r.hasPdf),
    hasText: Boolean(r.hasText),
    sentForSigning: rounds.filter((p) => p.version === r.number).map((p) => p.round),
  }));
}
