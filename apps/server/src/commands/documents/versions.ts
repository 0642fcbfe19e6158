import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { VersionOrigin } from '@sinetti/contract';
import { documents, documentVersions } from '../../db/schema/index.ts';

/** The file of a version: the document row's file columns. */
export interface VersionFile {
  extension: string;
  blobKey: string;
  size: number;
  sha256: string;
  pdfKey?: string | null;
  pdfSize?: number | null;
  pdfSha256?: string | null;
  contentText?: string | null;
}

/**
 * Records `file` as the document's next version (issue 13 item 3) and returns its number. The caller
 * holds the document's row lock (or has just inserted the row), so numbers never race; the unique
 * (document, number) constraint would refuse a second one anyway.
 */
export async function addVersion(
  tx: DbOrTx,
  doc: { id: string; organizationId: string },
  file: VersionFile,
  made: { origin: VersionOrigin; by: string | null; at: Date; restoredFrom?: number },
): Promise<number> {
  const [row] = await tx
    .insert(documentVersions)
    .values({
      documentId: doc.id,
      organizationId: doc.organizationId,
      number: sql`(select coalesce(max(${documentVersions.number}), 0) + 1 from ${documentVersions} where ${documentVersions.documentId} = ${doc.id})`,
      origin: made.origin,
      restoredFrom: made.restoredFrom ?? null,
      extension: file.extension,
      blobKey: file.blobKey,
      size: file.size,
      sha256: file.sha256,
      pdfKey: file.pdfKey ?? null,
      pdfSize: file.pdfSize ?? null,
      pdfSha256: file.pdfSha256 ?? null,
      contentText: file.contentText ?? null,
      authorAccountId: made.by,
      createdAt: made.at,
    })
    .returning({ number: documentVersions.number });
  if (!row) throw new Error('The version was not recorded.');
  return row.number;
}

/** Version 1 of each new row that has a file (uploads, copies made from a template). */
export async function addFirstVersions(
  tx: DbOrTx,
  rows: ({ id: string; organizationId: string; blobKey: string | null } & Partial<VersionFileColumns>)[],
  made: { origin: VersionOrigin; by: string | null; at: Date },
): Promise<void> {
  const values = rows.flatMap((r) =>
    r.blobKey && r.sha256
      ? [
          {
            documentId: r.id,
            organizationId: r.organizationId,
            number: 1,
            origin: made.origin,
            extension: r.extension ?? '',
            blobKey: r.blobKey,
            size: r.size ?? 0,
            sha256: r.sha256,
            pdfKey: r.pdfKey ?? null,
            pdfSize: r.pdfSize ?? null,
            pdfSha256: r.pdfSha256 ?? null,
            contentText: r.contentText ?? null,
            authorAccountId: made.by,
            createdAt: made.at,
          },
        ]
      : [],
  );
  for (let i = 0; i < values.length; i += 500) {
    await tx.insert(documentVersions).values(values.slice(i, i + 500));
  }
}

type VersionFileColumns = {
  extension: string;
  size: number | null;
  sha256: string | null;
  pdfKey: string | null;
  pdfSize: number | null;
  pdfSha256: string | null;
  contentText: string | null;
};

/** A version of that file still waiting for its PDF, or null. */
export async function versionWithoutPdf(
  db: DbOrTx,
  documentId: string,
  blobKey: string,
): Promise<{ extension: string } | null> {
  const [row] = await db
    .select({ extension: documentVersions.extension })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.blobKey, blobKey),
        isNull(documentVersions.pdfKey),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The conversion made the PDF and text of `blobKey`: every version of that file gets them. */
export async function recordVersionRendition(
  db: DbOrTx,
  documentId: string,
  blobKey: string,
  pdf: { key: string; size: number; sha256: string; text: string },
): Promise<void> {
  await db
    .update(documentVersions)
    .set({ pdfKey: pdf.key, pdfSize: pdf.size, pdfSha256: pdf.sha256, contentText: pdf.text })
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.blobKey, blobKey),
        isNull(documentVersions.pdfKey),
      ),
    );
}

/** An uploaded PDF's text was extracted: its versions get it for comparing. */
export async function recordVersionText(
  db: DbOrTx,
  documentId: string,
  pdfKey: string,
  text: string,
): Promise<void> {
  await db
    .update(documentVersions)
    .set({ contentText: text })
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.pdfKey, pdfKey)));
}

/** The blobs of every version of the documents `which` selects (to delete them with the rows). */
export async function versionFilesOf(
  tx: DbOrTx,
  which: SQL | undefined,
): Promise<{ blobKey: string | null; pdfKey: string | null }[]> {
  return tx
    .select({ blobKey: documentVersions.blobKey, pdfKey: documentVersions.pdfKey })
    .from(documentVersions)
    .where(
      inArray(documentVersions.documentId, tx.select({ id: documents.id }).from(documents).where(which)),
    );
}

/** The keys among `keys` that some version references. */
export async function versionReferences(db: DbOrTx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ blobKey: documentVersions.blobKey, pdfKey: documentVersions.pdfKey })
    .from(documentVersions)
    .where(or(inArray(documentVersions.blobKey, keys), inArray(documentVersions.pdfKey, keys)));
  return rows.flatMap((r) => [r.blobKey, r.pdfKey]).filter((k): k is string => k !== null);
}
