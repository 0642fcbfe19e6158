import { DOCUMENT_STATE } from '@sinetti/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';

// The extracted text and the search vector stay in the database: lists and replies never carry them.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { contentText, searchVector, ...columns } = getTableColumns(documents);

/** Every column a reply or a command needs. */
export const documentColumns = columns;

export type DocumentRow = Omit<typeof documents.$inferSelect, 'contentText' | 'searchVector'>;

/** What a reply shows of a document (lists and search read only these). */
export const summaryColumns = {
  id: columns.id,
  organizationId: columns.organizationId,
  parentId: columns.parentId,
  ownerAccountId: columns.ownerAccountId,
  name: columns.name,
  type: columns.type,
  platform: columns.platform,
  state: columns.state,
  extension: columns.extension,
  mimeType: columns.mimeType,
  size: columns.size,
  conversionStatus: columns.conversionStatus,
  createdAt: columns.createdAt,
  updatedAt: columns.updatedAt,
};

export type DocumentSummary = Pick<DocumentRow, keyof typeof summaryColumns>;

/**
 * Documents users see: not deleted and not hidden (states 100, 101 and 200 are all from 100 up). Written
 * as a constant, not a parameter, so that the planner can use the partial indexes built on it.
 */
export const visible = sql`${documents.state} < ${sql.raw(String(DOCUMENT_STATE.Deleted))}`;
