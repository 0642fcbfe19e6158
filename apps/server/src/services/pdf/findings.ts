import type { PdfFindings } from '@sinetti/contract';
import { PdfDict, PdfRef, PdfStream, isName, type PdfValue } from './syntax/objects.ts';
import type { PdfLimits } from './syntax/limits.ts';
import { PdfReader } from './syntax/reader.ts';
import { countPages } from './syntax/pages.ts';
import { docMdpPermission, signatureFields } from './verification/structure.ts';

export type { PdfFindings } from '@sinetti/contract';

/** Streams that are structure, not content: nothing refers to them by design (ISO 32000-1 §7.5.7, §7.5.8). */
const STRUCTURAL_STREAMS = new Set(['ObjStm', 'XRef']);

/**
 * The objects reachable from the trailer (the catalog, /Info, /Encrypt): everything a reader can ever show
 * hangs from these. Walked without recursion, each object read once (within the reader's limits).
 */
function reachable(reader: PdfReader): Set<number> {
  const seen = new Set<number>();
  const stack: (PdfValue | undefined)[] = [...reader.trailer.map.values()];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value instanceof PdfRef) {
      if (seen.has(value.num) || !reader.entries.has(value.num)) continue;
      seen.add(value.num);
      reader.budget.spendToken();
      stack.push(reader.getObject(value.num));
    } else if (Array.isArray(value)) stack.push(...value);
    else if (value instanceof PdfDict) stack.push(...value.map.values());
    else if (value instanceof PdfStream) stack.push(...value.dict.map.values());
  }
  return seen;
}

/**
 * Stream objects that nothing reachable refers to: page contents, forms or images kept in the file (and so
 * inside the signed bytes) that no reader shows today, but that a later incremental update could bring in
 * by changing one reference (the "hide" and "replace" shadow attacks).
 */
function unreferencedStreams(reader: PdfReader): number {
  const seen = reachable(reader);
  let count = 0;
  for (const [num, entry] of reader.entries) {
    if (entry.kind === 'free' || seen.has(num)) continue;
    const value = reader.getObject(num);
    if (!(value instanceof PdfStream)) continue;
    const type = value.dict.get('Type');
    if (isName(type) && STRUCTURAL_STREAMS.has(type.name)) continue;
    count++;
  }
  return count;
}

/**
 * Optional content groups hidden when the document opens (ISO 32000-1 §8.11.4.3): with /BaseState /OFF
 * every group not listed in /ON, else the groups listed in /OFF. Content in them is drawn by no viewer by
 * default but can be switched on (or turned on by a later update).
 */
function hiddenLayers(reader: PdfReader): number {
  const catalog = reader.dict(reader.trailer.get('Root'));
  const properties = reader.dict(catalog?.get('OCProperties'));
  const config = reader.dict(properties?.get('D'));
  if (!properties || !config) return 0;
  const refs = (value: PdfValue | undefined): Set<number> => {
    const list = reader.resolve(value);
    const out = new Set<number>();
    for (const item of Array.isArray(list) ? list : []) if (item instanceof PdfRef) out.add(item.num);
    return out;
  };
  if (isName(config.get('BaseState'), 'OFF')) {
    const on = refs(config.get('ON'));
    return [...refs(properties.get('OCGs'))].filter((num) => !on.has(num)).length;
  }
  return refs(config.get('OFF')).size;
}

/** What the sender should know about a PDF before sending it (issue #30 item 4); see contract pdfFindings. */
export function findingsOf(reader: PdfReader): PdfFindings {
  return {
    hiddenLayers: hiddenLayers(reader),
    unreferencedStreams: unreferencedStreams(reader),
    certification: docMdpPermission(reader),
    signatures: signatureFields(reader).length,
  };
}

/** The findings of a PDF and its number of pages (what fields placed on its pages are checked against). */
export type PdfAnalysis = PdfFindings & { pages: number };

/**
 * The findings of an untrusted PDF and its pages, read within `limits` (run in a PDF worker: the `analyze`
 * task). Throws a PdfError for a file that cannot be read.
 */
export function analyzePdf(pdf: Uint8Array, limits: PdfLimits): PdfAnalysis {
  // A file encrypted with permissions only opens with the empty password (read only, as the send does).
  const reader = new PdfReader(pdf, limits, { decrypt: true });
  return { ...findingsOf(reader), pages: countPages(reader) };
}
