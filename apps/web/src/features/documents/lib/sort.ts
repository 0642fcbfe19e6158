import type { Document } from '@sinetti/contract';

export type SortColumn = 'type' | 'name' | 'state' | 'created' | 'updated';
export interface SortOrder {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** Made on first sort, not at load: the first Intl object on a page costs milliseconds of locale data. */
let collator: Intl.Collator | undefined;
function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a, b);
}

function compare(a: Document, b: Document, column: SortColumn): number {
  switch (column) {
    case 'type':
      return compareText(a.type, b.type);
    case 'name':
      return compareText(a.name, b.name);
    case 'state':
      return a.state - b.state;
    case 'created':
      return a.created.localeCompare(b.created);
    case 'updated':
      return a.updated.localeCompare(b.updated);
  }
}

/**
 * Rows in the chosen order (null: as the server sent them). `foldersFirst` keeps folders above the other
 * rows whatever the order, as folder listings show them (SPEC §2.1).
 */
export function sortDocuments(rows: readonly Document[], order: SortOrder | null, foldersFirst: boolean) {
  if (!order) return rows;
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (foldersFirst && (a.type === 'folder') !== (b.type === 'folder')) return a.type === 'folder' ? -1 : 1;
    return sign * compare(a, b, order.column) || compareText(a.name, b.name);
  });
}

/** A header click: a new column sorts ascending, the same column flips direction. */
export function nextOrder(current: SortOrder | null, column: SortColumn): SortOrder {
  if (current?.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: 'asc' };
}
