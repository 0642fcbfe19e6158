import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';

/** A read-only link to a document's PDF for someone outside the organization (issue 13 item 5). */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** SHA-256 of the 256-bit secret in the link; the secret itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The member who made it: the link works only while they may still see the document. */
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    allowDownload: boolean('allow_download').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [index('share_links_document_idx').on(t.documentId, t.createdAt)],
);
