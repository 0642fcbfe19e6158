import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { FIELD_KINDS } from '@sinetti/contract';
import { documents } from './documents.ts';
import { organizations } from './organizations.ts';
import { signees } from './signing.ts';

/**
 * Fields placed on a contract's or template's pages (issue #33 item 1; contract api/fields.ts,
 * docs/decisions.md "Fields on the page"). Geometry is in fractions of the page as shown, so a field
 * survives a new version of the PDF as long as the page exists. A field is for one signee (removed with
 * the signee) or, on a template, for one of its signee roles. `id` is the client's, kept across saves,
 * and a key only within its document: the primary key is (document_id, id), so an id another document
 * (of any organization) uses is neither refused nor revealed, and every lookup by id names the document.
 */
export const documentFields = pgTable(
  'document_fields',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FIELD_KINDS }).notNull(),
    /** 1-based page of the document's current PDF. */
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    signeeId: uuid('signee_id').references(() => signees.id, { onDelete: 'cascade' }),
    /** A template's signee role (documents.signee_roles); set exactly when signee_id is not. */
    role: text('role'),
    required: boolean('required').notNull().default(true),
    label: text('label').notNull().default(''),
    /** The order the sender placed them in (the reply is ordered by page, y, x; this breaks ties). */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the index of a document's fields (it leads with document_id).
    primaryKey({ columns: [t.documentId, t.id] }),
    index('document_fields_signee_idx').on(t.signeeId),
    check('document_fields_kind_check', sql.raw(`kind in (${FIELD_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('document_fields_page_check', sql`${t.page} >= 1`),
    check(
      'document_fields_geometry_check',
      sql`${t.x} between 0 and 1 and ${t.y} between 0 and 1 and ${t.width} > 0 and ${t.height} > 0 and ${t.x} + ${t.width} <= 1.000001 and ${t.y} + ${t.height} <= 1.000001`,
    ),
    check('document_fields_for_check', sql`(${t.signeeId} is null) <> (${t.role} is null)`),
  ],
);
