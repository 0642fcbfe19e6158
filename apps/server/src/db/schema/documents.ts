import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  primaryKey,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { PdfFindings } from '@sinetti/contract';
import { accounts, timestamps } from './accounts.ts';
import { organizations, roles } from './organizations.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bits4096 = customType<{ data: string }>({ dataType: () => 'bit(4096)' });

/**
 * Folders, contracts, templates and files: one tree per organization (`parent_id` null = top level).
 * Blobs are immutable and referenced by key: `blob_key` is the original as uploaded or created,
 * `pdf_key` its PDF rendition (the same key for a PDF upload). Several rows may share a key (a
 * contract made from a template); a blob is removed only once no row references it.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => documents.id, { onDelete: 'cascade' }),
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['folder', 'contract', 'contract-noedit', 'template', 'file'] }).notNull(),
    platform: text('platform', { enum: ['google', 'microsoft'] }).notNull(),
    /** SPEC §4.1 document state number. */
    state: integer('state').notNull().default(1),
    /** The state an archived document returns to when restored. */
    stateBeforeArchive: integer('state_before_archive'),
    /** Lower-case file extension without the dot; empty for folders. */
    extension: text('extension').notNull().default(''),
    mimeType: text('mime_type'),
    blobKey: text('blob_key'),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    pdfKey: text('pdf_key'),
    pdfSize: bigint('pdf_size', { mode: 'number' }),
    pdfSha256: text('pdf_sha256'),
    conversionStatus: text('conversion_status', { enum: ['none', 'pending', 'done', 'failed'] })
      .notNull()
      .default('none'),
    conversionError: text('conversion_error'),
    /**
     * What the analysis of the PDF (`pdf_sha256`) found for the send dialog (contract pdfFindings: hidden
     * layers, unreferenced content streams, a certification, signatures already in it), with the sha256 of
     * the file analysed: findings of another file are stale and read as not analysed (issue #30 item 4).
     * `pages`: its number of pages, which placed fields are checked against (absent before issue #33).
     */
    pdfFindings: jsonb('pdf_findings').$type<PdfFindings & { sha256: string; pages?: number }>(),
    /** Why conversion failed, for the user (contract CONVERSION_FAILURES); conversionError is for logs. */
    conversionFailure: text('conversion_failure', { enum: ['TOO_LARGE', 'TIMEOUT', 'UNREADABLE'] }),
    /** A template's signee roles in signing order ("Tenant", "Landlord"); Use template asks a person for each. */
    signeeRoles: text('signee_roles').array(),
    /** Text extracted from the PDF (pdftotext), for search; never sent in lists. */
    contentText: text('content_text'),
    /**
     * The words of the name (weight A) and of the text (B) for search, written by a trigger (migration 0049)
     * when the row is inserted and when its name or text changes, and only then: as a generated column it was
     * computed and stored out of line again on every update (docs/decisions.md "Search vectors written on
     * change").
     */
    searchVector: tsvector('search_vector'),
    /**
     * Of a vector of more than 64 words, one bit for each key of its words (their first 3 and first 6
     * letters), written with it by the same trigger (migration 0050): a search walking the newest documents
     * passes over a row whose signature lacks a key of its words without reading the vector, kilobytes stored
     * out of line (docs/decisions.md "Word signatures before the vectors"). Null: the vector is tested.
     */
    searchSignature: bits4096('search_signature'),
    /**
     * The document as lists and search present it (the contract's Document), as JSON text, kept by a
     * trigger (migration 0007) on every insert and update: a page of a hundred documents is then read,
     * not built, on every request. A test keeps it equal to presentDocument().
     */
    summaryJson: text('summary_json'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Of a folder: the roles that decide who sees it and what is in it, its own (document_roles) if it has
     * any, else its nearest ancestor's with any; null when none has (every member with documents view sees
     * it). Of any other document: its own roles, or null when its folder's decide. Kept by triggers
     * (migrations 0013, 0033) over the folders only, so that a folder's role change never rewrites the
     * documents in it (issue #32 item 4); queries read a document's roles with effectiveRolesOf()
     * (docs/decisions.md "Document roles").
     */
    effectiveRoleIds: uuid('effective_role_ids').array(),
    ...timestamps,
  },
  (t) => [
    // Led by parent_id: the foreign key's cascade deletes a row's children by parent_id alone (migration 0048).
    index('documents_parent_idx').on(t.parentId, t.organizationId),
    // A folder listing reads its page straight off this index: folders first, then by name.
    index('documents_children_idx')
      .on(t.organizationId, t.parentId, sql`(${t.type} <> 'folder')`, sql`lower(${t.name})`, t.id)
      .where(sql`state < 100`),
    // Live rows only, as the other ordered indexes (migration 0053): a deletion stamps its rows' updated_at, and
    // a large folder's deleted rows on top of this index filled the search window and every recency walk with
    // rows no search may answer (at 1M documents, after deleting 4,990: a common word 0.8-3 s instead of 3 ms).
    index('documents_recent_idx')
      .on(t.organizationId, t.updatedAt)
      .where(sql`state < 100`),
    // Lists and text searches by creation, and the template library (templates by name), read their page off
    // these in that order, as the recency index gives `updated` (migration 0051): without them every match was
    // read and sorted (at 1M documents, the template library 0.5 s for the owner, 3.6 s for a member).
    index('documents_created_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`state < 100`),
    index('documents_type_name_idx')
      .on(t.organizationId, t.type, t.name)
      .where(sql`state < 100`),
    index('documents_state_idx').on(t.organizationId, t.state, t.updatedAt),
    // The words index takes new entries in a pending list of at most 1 MB: a document's update re-enters
    // each word of its text, a thousand for a contract (migration 0047). The names' trigram index takes them
    // at once: a search never scans a pending list there (which after bulk inserts made searches several
    // times slower until the next vacuum, at the default 4 MB).
    index('documents_search_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: true, gin_pending_list_limit: 1024 }),
    index('documents_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    // An organization's folders with roles: seenByRolesText() looks a document's folder up in this index
    // alone (an index-only scan: the roles are in the key, no heap page per folder).
    index('documents_restricted_folders_idx')
      .on(t.organizationId, t.id, t.effectiveRoleIds)
      .where(sql`type = 'folder' and effective_role_ids is not null`),
    index('documents_blob_key_idx').on(t.blobKey),
    index('documents_pdf_key_idx').on(t.pdfKey),
    index('documents_deleted_idx')
      .on(t.deletedAt)
      .where(sql`state = 100`),
  ],
);

/** Roles given to a document or folder (SPEC §2.7 document-roles): who may see and work on it. */
export const documentRoles = pgTable(
  'document_roles',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.roleId] }), index('document_roles_role_idx').on(t.roleId)],
);

/**
 * How many documents (not folders) an organization has per state, per UTC day of their last update and per
 * role set that decides who sees them (`restricted` false: no roles, everyone with documents view): what
 * the dashboard counts read instead of counting documents (issue #32 item 1). Kept by statement triggers on
 * documents (migration 0033) in the same transaction as every change, whatever the write path. `shard` is
 * the writer's backend pid, so concurrent writers never wait on one row; housekeeping folds old days'
 * shards into shard 0 (docs/decisions.md "Dashboard counts").
 */
export const documentCounts = pgTable(
  'document_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    state: integer('state').notNull(),
    restricted: boolean('restricted').notNull(),
    roleIds: uuid('role_ids').array().notNull(),
    shard: integer('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.state, t.restricted, t.roleIds, t.shard] })],
);
