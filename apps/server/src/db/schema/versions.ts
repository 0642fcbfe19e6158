import { bigint, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { VERSION_ORIGINS } from '@sinetti/contract';
import { accounts } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

/**
 * Every file a document has had (issue 13 item 3): the upload or the blank new document is number 1, each
 * saved edit, uploaded replacement or restore adds the next. The document row holds the newest one's file
 * (`blob_key`, `pdf_key`, search text); these rows keep the older ones' blobs alive (blob-jobs.ts counts
 * them as references) so that any can be previewed, compared and restored. Blobs are shared, never copied:
 * a restore or a copy made from a template points at the same keys.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    origin: text('origin', { enum: VERSION_ORIGINS }).notNull(),
    /** The version a restore brought back. */
    restoredFrom: integer('restored_from'),
    extension: text('extension').notNull(),
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Its PDF rendition and that PDF's text, once made (the conversion job fills them in). */
    pdfKey: text('pdf_key'),
    pdfSize: bigint('pdf_size', { mode: 'number' }),
    pdfSha256: text('pdf_sha256'),
    contentText: text('content_text'),
    authorAccountId: uuid('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('document_versions_number_key').on(t.documentId, t.number),
    index('document_versions_blob_key_idx').on(t.blobKey),
    index('document_versions_pdf_key_idx').on(t.pdfKey),
  ],
);
