import { PdfRef, isName, type PdfValue } from './objects.ts';
import type { PdfReader } from './reader.ts';

/** Page tree nodes between the root and a page that the cheap lookups below descend at most. */
const MAX_DESCENT = 64;

/**
 * The pages in order: the page tree walked without recursion (a node with /Kids is an intermediate node,
 * a /Pages node without them is empty, anything else is a page; a node seen twice is skipped). The one
 * walk of the tree, for signing's fallback and for the verifier; costs every page dictionary.
 */
export function pageRefs(reader: PdfReader): PdfRef[] {
  const pages: PdfRef[] = [];
  const seen = new Set<number>();
  const stack: PdfValue[] = [reader.dict(reader.trailer.get('Root'))?.get('Pages') ?? null];
  while (stack.length > 0) {
    const ref = stack.pop();
    if (!(ref instanceof PdfRef) || seen.has(ref.num)) continue;
    seen.add(ref.num);
    reader.budget.spendToken();
    const node = reader.dict(ref);
    if (!node) continue;
    const kids = reader.resolve(node.get('Kids'));
    if (Array.isArray(kids)) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    else if (!isName(node.get('Type'), 'Pages')) pages.push(ref);
  }
  return pages;
}

/** Pages of a PDF, read from its page tree's /Count without parsing the content (1 when it is not usable). */
export function countPages(reader: PdfReader): number {
  const pages = reader.dict(reader.dict(reader.trailer.get('Root'))?.get('Pages'))?.get('Count');
  return typeof pages === 'number' && Number.isSafeInteger(pages) && pages > 0 ? pages : 1;
}

/**
 * The first page, found by descending the first kids from the root (reads a handful of objects, not the
 * tree); a tree whose first branch is empty or odd is walked whole instead.
 */
export function firstPage(reader: PdfReader): PdfRef | undefined {
  let ref = reader.dict(reader.trailer.get('Root'))?.get('Pages');
  for (let depth = 0; depth < MAX_DESCENT && ref instanceof PdfRef; depth++) {
    const node = reader.dict(ref);
    if (!node) break;
    const kids = reader.resolve(node.get('Kids'));
    if (!Array.isArray(kids)) return isName(node.get('Type'), 'Pages') ? pageRefs(reader)[0] : ref;
    ref = kids[0];
  }
  return pageRefs(reader)[0];
}
