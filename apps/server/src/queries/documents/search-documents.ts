import { DOCUMENT_FILTERS, type DocumentFilter, type DocumentType } from '@sinetti/contract';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { summaryColumns, visible, type DocumentSummary } from './columns.ts';

export interface SearchInput {
  organizationId: string;
  text: string;
  filter?: DocumentFilter | undefined;
  /** Only documents of this type (the template library lists `template`). */
  type?: DocumentType | undefined;
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
 * Text search (names and the text inside documents): full-text prefix match on names and content plus
 * substring match on names (trigram index), ranked by full-text rank plus trigram similarity of the name.
 * When that finds nothing, a fuzzy pass (trigram word similarity on names) catches misspellings.
 * Without text: the most recent documents (folders left out). A filter keeps one state (folders left out).
 */
export async function searchDocuments(db: DbOrTx, input: SearchInput): Promise<DocumentSummary[]> {
  const conditions: SQL[] = [eq(documents.organizationId, input.organizationId), visible];
  if (input.filter) conditions.push(eq(documents.state, DOCUMENT_FILTERS[input.filter]));
  if (input.type) conditions.push(eq(documents.type, input.type));
  const text = input.text.trim();
  const column = input.orderBy ? ORDER_COLUMNS[input.orderBy] : undefined;
  const direction = input.orderValue === 'ASC' ? asc : desc;
  const run = (where: SQL[], order: SQL[]) =>
    db
      .select(summaryColumns)
      .from(documents)
      .where(and(...where))
      .orderBy(...order)
      .limit(input.limit);

  if (text === '') {
    return run(
      [...conditions, ne(documents.type, 'folder')],
      [direction(column ?? documents.updatedAt), asc(documents.id)],
    );
  }
  if (input.filter) conditions.push(ne(documents.type, 'folder'));
  const tsquery = prefixQuery(text);
  const query = tsquery ? sql`to_tsquery('simple', ${tsquery})` : null;
  const byName = ilike(documents.name, likePattern(text));
  const matches = query ? (or(byName, sql`${documents.searchVector} @@ ${query}`) as SQL) : byName;
  const rank = query
    ? sql`ts_rank(${documents.searchVector}, ${query}) + similarity(${documents.name}, ${text})`
    : sql`similarity(${documents.name}, ${text})`;
  const ordered = (r: SQL) =>
    column ? [direction(column), asc(documents.id)] : [desc(r), desc(documents.updatedAt)];
  const found = await run([...conditions, matches], ordered(rank));
  if (found.length > 0) return found;
  const fuzzy = sql`${text} <% ${documents.name}`;
  return run([...conditions, fuzzy], ordered(sql`word_similarity(${text}, ${documents.name})`));
}
