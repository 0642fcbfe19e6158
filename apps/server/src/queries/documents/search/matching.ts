import { DOCUMENT_FILTERS, type P } from '@sinetti/contract';
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { preparedPerDatabase } from '../../../db/prepared.ts';
import { documents } from '../../../db/schema/index.ts';
import { rawStatement, type RawStatement } from '../../../db/raw-rows.ts';
import type { AuthorizedScope } from '../../../policies/index.ts';
import { seenByCaller, seeValues, visible } from '../columns.ts';
import { likePattern } from './sql-text.ts';
import type { SearchInput, SearchResult } from './types.ts';

const ORDER_COLUMNS = { updated: documents.updatedAt, created: documents.createdAt, name: documents.name };

/**
 * The shape of a text search in an order the caller chose (words as prefixes in names and content, or
 * the text inside names): one prepared statement per shape (a few dozen at most); the text, filter, type,
 * limit and offset are parameters, so PostgreSQL plans each shape once instead of on every keystroke.
 */
interface Shape {
  /** Whether the text has words (a full-text query); text of punctuation only matches substrings alone. */
  words: boolean;
  filter: boolean;
  type: boolean;
  orderBy: NonNullable<SearchInput['orderBy']>;
  descending: boolean;
}

const p = sql.placeholder;

function build(db: Db, shape: Shape): RawStatement {
  const byWords = sql`${documents.searchVector} @@ to_tsquery('simple', ${p('tsquery')})`;
  const byName = ilike(documents.name, sql`${p('like')}`);
  const conditions: SQL[] = [
    eq(documents.organizationId, sql`${p('organizationId')}`),
    visible,
    seenByCaller(documents),
    shape.words ? (or(byWords, byName) as SQL) : byName,
  ];
  if (shape.filter) conditions.push(eq(documents.state, sql`${p('state')}`), ne(documents.type, 'folder'));
  if (shape.type) conditions.push(eq(documents.type, sql`${p('type')}`));
  const column: AnyPgColumn = ORDER_COLUMNS[shape.orderBy];
  return rawStatement(
    `documents_search_matching_${Object.values(shape).join('_')}`,
    db
      .select({
        summary: documents.summaryJson,
        k1: sql`${column}`.as('k1'),
        k2: sql`${documents.id}`.as('k2'),
      })
      .from(documents)
      .where(and(...conditions))
      // By the selected keys: each computed once per row.
      .orderBy(sql.raw(`k1 ${shape.descending ? 'desc' : 'asc'}, k2 asc`))
      .limit(p('limit'))
      .offset(p('offset')),
  );
}

const statements = preparedPerDatabase(() => new Map<string, RawStatement>());

/**
 * A page of the documents matching the text (every word as a prefix, or the text inside a name) in the
 * order asked for, and whether another page follows.
 */
export async function matchingInOrder(
  db: Db,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  input: SearchInput & { orderBy: NonNullable<SearchInput['orderBy']> },
  text: string,
  words: string | null,
): Promise<SearchResult> {
  const shape: Shape = {
    words: words !== null,
    filter: input.filter !== undefined,
    type: input.type !== undefined,
    orderBy: input.orderBy,
    descending: input.orderValue !== 'ASC',
  };
  const cache = statements(db);
  const key = JSON.stringify(shape);
  let statement = cache.get(key);
  if (!statement) {
    statement = build(db, shape);
    cache.set(key, statement);
  }
  const found = await statement(db, {
    organizationId: scope.organizationId,
    ...seeValues(scope),
    state: input.filter ? DOCUMENT_FILTERS[input.filter] : null,
    type: input.type ?? null,
    tsquery: words,
    like: likePattern(text),
    limit: input.limit + 1,
    offset: input.offset,
  });
  const page = found.map((row) => row[0] as string);
  return { documents: page.slice(0, input.limit), hasMore: page.length > input.limit };
}
