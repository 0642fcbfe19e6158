import { DOCUMENT_FILTERS, type DocumentFilter } from '@sinetti/contract';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { documentColumns, visible, type DocumentRow } from './columns.ts';

export interface SearchInput {
  organizationId: string;
  text: string;
  filter?: DocumentFilter | undefined;
  orderBy?: 'updated' | 'created' | 'name' | undefined;
  orderValue?: 'ASC' | 'DESC' | undefined;
  limit: number;
}

/** Words of the search text as a prefix query for to_tsquery ('kaup:* & sopim:*'), or null without words. */
export function prefixQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER_COLUMNS = { updated: documents.updatedAt, created: documents.createdAt, name: documents.name };

/**
 * Text search (names and the text inside documents): full-text prefix match on names and content, plus
 * substring and trigram similarity on names for partial words and typos; ranked by both. Without text:
 * the most recent documents (folders left out). A filter keeps one state (folders left out).
 */
export async function searchDocuments(db: DbOrTx, input: SearchInput): Promise<DocumentRow[]> {
  const conditions: SQL[] = [eq(documents.organizationId, input.organizationId), visible];
  if (input.filter) conditions.push(eq(documents.state, DOCUMENT_FILTERS[input.filter]));
  const text = input.text.trim();
  const column = input.orderBy ? ORDER_COLUMNS[input.orderBy] : undefined;
  const direction = input.orderValue === 'ASC' ? asc : desc;

  if (text === '') {
    conditions.push(ne(documents.type, 'folder'));
    return db
      .select(documentColumns)
      .from(documents)
      .where(and(...conditions))
      .orderBy(direction(column ?? documents.updatedAt), asc(documents.id))
      .limit(input.limit);
  }

  if (input.filter) conditions.push(ne(documents.type, 'folder'));
  const tsquery = prefixQuery(text);
  const query = tsquery ? sql`to_tsquery('simple', ${tsquery})` : null;
  const matches: SQL[] = [ilike(documents.name, likePattern(text)), sql`${documents.name} % ${text}`];
  if (query) matches.push(sql`${documents.searchVector} @@ ${query}`);
  const rank = query
    ? sql<number>`ts_rank(${documents.searchVector}, ${query}) + similarity(${documents.name}, ${text})`
    : sql<number>`similarity(${documents.name}, ${text})`;
  conditions.push(or(...matches) as SQL);
  const order = column
    ? [direction(column), asc(documents.id)]
    : [desc(rank), desc(documents.updatedAt), asc(documents.id)];
  return db
    .select(documentColumns)
    .from(documents)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(input.limit);
}
