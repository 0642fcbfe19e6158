import type { DocumentFilter, DocumentType } from '@sinetti/contract';

export interface SearchInput {
  text: string;
  filter?: DocumentFilter | undefined;
  /** Only documents of this type (the template library lists `template`). */
  type?: DocumentType | undefined;
  orderBy?: 'updated' | 'created' | 'name' | undefined;
  orderValue?: 'ASC' | 'DESC' | undefined;
  limit: number;
  /** Rows to skip: only for lists in one order (empty text, or an orderBy); see isPaged(). */
  offset: number;
}

export interface SearchResult {
  /** Stored summaries (presented documents, JSON text), in order. */
  documents: string[];
  hasMore: boolean;
}
