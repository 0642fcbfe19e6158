import { DOCUMENT_STATE } from '@sinetti/contract';
import { getTableColumns, lt } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';

// The extracted text and the search vector stay in the database: lists and replies never carry them.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { contentText, searchVector, ...columns } = getTableColumns(documents);

/** Every column a reply or a command needs. */
export const documentColumns = columns;

export type DocumentRow = Omit<typeof documents.$inferSelect, 'contentText' | 'searchVector'>;

/** Documents users see: not deleted and not hidden (states 100, 101 and 200 are all above 100). */
export const visible = lt(documents.state, DOCUMENT_STATE.Deleted);
