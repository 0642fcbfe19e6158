import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import type { Action } from '../../policies/index.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { needsConversion } from '../../services/file-type/index.ts';
import { enqueueJob } from '../../services/jobs/index.ts';

/** Every blob of the documents feature lives under this prefix (the orphan sweep looks only here). */
export const DOCUMENT_BLOB_PREFIX = 'documents/';

export const DOCUMENT_JOBS = {
  /** Make the empty DOCX of a new contract or template. */
  blank: 'document.blank',
  /** Convert the original to the PDF rendition and extract its text. */
  convert: 'document.convert',
  /** Make an uploaded DOC, DOT, DOTX, ODT or RTF contract or template a DOCX, its next version. */
  toDocx: 'document.to-docx',
  /** Extract the text of an uploaded PDF. */
  extractText: 'document.extract-text',
  /** Delete blobs that no row references any more. */
  deleteBlobs: 'documents.delete-blobs',
  /** Write the word signatures of documents stored before migration 0050, a slice at a time (queued by it). */
  signatures: 'documents.search-signatures',
  /** Periodic: purge deleted documents past retention, remove orphaned blobs. */
  sweep: 'documents.sweep',
} as const;

/** The columns every new document row starts with: where it lives, who made it, when. */
export function newDocumentBase(
  actor: OrganizationActor,
  input: { parentId: string | null; name: string; type: DocumentRow['type'] },
  now: Date,
) {
  const organization = actor.membership.organization;
  return {
    organizationId: organization.id,
    parentId: input.parentId,
    ownerAccountId: actor.account.id,
    name: input.name,
    type: input.type,
    platform: organization.platform,
    createdAt: now,
    updatedAt: now,
  };
}

/** A new, unguessable key: the organization for operators' sake, never a user-chosen name. */
export function newBlobKey(organizationId: string): string {
  return `${DOCUMENT_BLOB_PREFIX}${organizationId}/${randomUUID()}`;
}

/**
 * The folder a new row goes into, for the transaction that inserts it: takes the organization's tree lock
 * in shared mode (inserts do not wait for each other, but a delete, move or copy of a subtree, which takes
 * it exclusively, cannot run between this check and the commit) and re-reads the authorized parent under a
 * row lock. So a new row either commits before a delete of its folder starts (and is deleted with it) or
 * finds the folder gone (404): never alive inside a deleted folder, where the purge would later destroy it.
 */
export async function lockParentForInsert<A extends Action>(
  tx: DbOrTx,
  into: AuthorizedDocument<A> | null,
): Promise<AuthorizedDocument<A> | null> {
  if (!into) return null;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${treeLockKey(into.organizationId)})`);
  return relock(tx, into, 'share');
}

/**
 * Serialises tree changes (moves, copies, deletes) within one organization: no cycle can be made, and a
 * copy never takes a reference to a blob that a concurrent delete is about to remove. Take it first in
 * the transaction, before any row lock.
 */
export async function lockTree(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${treeLockKey(organizationId)})`);
}

const treeLockKey = (organizationId: string) => sql`hashtext(${`documents.tree:${organizationId}`})`;

/** Queues what a document still needs: its blank DOCX, its PDF rendition, or the text of its PDF. */
export async function enqueueRendition(
  tx: DbOrTx,
  now: Date,
  row: Pick<DocumentRow, 'id' | 'organizationId' | 'blobKey' | 'extension' | 'conversionStatus' | 'pdfKey'>,
): Promise<void> {
  const payload = { documentId: row.id };
  const opts = (kind: string) => ({
    runAt: now,
    dedupeKey: `${kind}:${row.id}`,
    maxAttempts: 3,
    tenant: row.organizationId,
  });
  if (row.conversionStatus === 'pending' && !row.blobKey) {
    await enqueueJob(tx, DOCUMENT_JOBS.blank, payload, opts(DOCUMENT_JOBS.blank));
  } else if (row.conversionStatus === 'pending' && needsConversion(row.extension)) {
    // One conversion per file, not per document: a file saved from the editor while the previous one is
    // still converting gets its own job (the old job's result no longer matches the row and is dropped).
    const convert = {
      ...opts(DOCUMENT_JOBS.convert),
      dedupeKey: `${DOCUMENT_JOBS.convert}:${row.id}:${row.blobKey}`,
    };
    await enqueueJob(tx, DOCUMENT_JOBS.convert, { ...payload, blobKey: row.blobKey }, convert);
  } else if (row.extension === 'pdf' && row.pdfKey) {
    await enqueueJob(tx, DOCUMENT_JOBS.extractText, payload, opts(DOCUMENT_JOBS.extractText));
  }
}
