import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { GrowingPdf } from './growing-pdf.ts';
import { layoutSignaturePages, PAGE_SIZE } from './signature-page.ts';
import { SIGNATURE_PAGES_KEY, SLOTS_KEY } from './signature-update.ts';
import type { Lang } from './stamp.ts';
import { PdfError } from './syntax/errors.ts';
import { DEFAULT_PDF_LIMITS, type PdfLimits } from './syntax/limits.ts';
import { PdfDict, PdfRef, name, serialize, type PdfValue } from './syntax/objects.ts';
import { PdfReader } from './syntax/reader.ts';
import { addStandardFonts } from './standard-fonts.ts';
import { IncrementalUpdate, MAX_OBJECT_NUMBER } from './syntax/writer.ts';

export interface Signee {
  name: string;
  email: string;
  /** The signing level as shown to people, e.g. "Simple" or "Advanced", in `lang`. */
  level: string;
  /** The signee's language: their label on the signature page (absent: the page's). */
  lang?: Lang;
}

export interface PrepareMeta {
  documentName: string;
  documentId: string;
  lang: Lang;
}

export interface PreparedVersion {
  pdf: Uint8Array;
  /** SHA-256 (hex) of `pdf`. */
  sha256: string;
  /**
   * True: `pdf` starts with the rendition byte for byte (earlier signatures stay valid). False: the rendition
   * could not be kept intact (its cross-reference is broken, or it was encrypted with permissions only) and
   * was rewritten, decrypted, before the pages were added.
   */
  keptIntact: boolean;
}

/**
 * Object numbers that signing, the seal, the DSS and later archive time-stamps may still need after the
 * signature pages: a file that leaves fewer below MAX_OBJECT_NUMBER is refused at send.
 */
const OBJECT_HEADROOM = 100_000;

/** Why a rendition is rewritten: a cross-reference that does not read, or an encryption to remove. */
type RewriteCause = 'damaged' | 'encrypted';

/**
 * The rendition's reader when the file can be kept as it is; else why it must be rewritten: its
 * cross-reference sections cannot be read (a rebuild is needed) or it has no usable root page node, or it
 * is encrypted. Other problems (limits, damaged objects) are thrown.
 */
function intactReader(bytes: Uint8Array, limits: PdfLimits): PdfReader | RewriteCause {
  let reader: PdfReader;
  try {
    reader = new PdfReader(bytes, limits);
  } catch (err) {
    if (err instanceof PdfError && err.problem === 'PDF_DAMAGED') return 'damaged';
    if (err instanceof PdfError && err.problem === 'PDF_ENCRYPTED') return 'encrypted';
    throw err;
  }
  // Every object must read within the limits (bombs and loops are refused even where nothing points).
  reader.readAll();
  const pages = reader.dict(reader.trailer.get('Root'))?.get('Pages');
  const root = reader.dict(pages);
  const kids = reader.resolve(root?.get('Kids'));
  const count = root?.get('Count');
  const usable = pages instanceof PdfRef && Array.isArray(kids) && typeof count === 'number';
  return usable ? reader : 'damaged';
}

/**
 * The rendition re-saved by pdf-lib (objects re-serialised, cross-reference rebuilt). An encrypted one is
 * opened with the empty user password and saved decrypted (docs/decisions.md "PDF signatures"); one that
 * needs a password to open is refused.
 */
async function rewrite(bytes: Uint8Array, cause: RewriteCause): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      ...(cause === 'encrypted' ? { password: '' } : {}),
    });
  } catch (err) {
    if (cause === 'encrypted' && /password/i.test((err as Error)?.message ?? '')) {
      throw new PdfError('PDF_ENCRYPTED', 'The PDF needs a password to open.');
    }
    throw err;
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * Appends the signature pages as an incremental update: fonts, content streams and pages as new objects,
 * the pages added at the end of the root /Pages node (its /Kids and /Count; no other page is read), and
 * the catalog listing them under SIGNATURE_PAGES_KEY so that signing finds the boxes directly.
 */
function appendPages(reader: PdfReader, pages: ReturnType<typeof layoutSignaturePages>): string {
  if (reader.size + OBJECT_HEADROOM > MAX_OBJECT_NUMBER) {
    throw new PdfError(
      'PDF_TOO_COMPLEX',
      `The PDF uses object numbers up to ${reader.size}; signatures past ${MAX_OBJECT_NUMBER} are not seen by every validator.`,
    );
  }
  const up = new IncrementalUpdate(reader);
  const rootRef = reader.trailer.get('Root') as PdfRef;
  const catalog = reader.dict(rootRef)!.clone();
  const pagesRef = catalog.get('Pages') as PdfRef;
  const tree = reader.dict(pagesRef)!.clone();
  const kidsValue = tree.get('Kids');
  const kids = reader.resolve(kidsValue) as PdfValue[];
  const fonts = addStandardFonts(up);
  const box = [0, 0, ...PAGE_SIZE];
  const added = pages.map(({ content, slots }) => {
    const contents = up.add({
      raw: `${serialize(new PdfDict([['Length', content.length]]))}\nstream\n${content}\nendstream`,
    });
    return up.add(
      new PdfDict([
        ['Type', name('Page')],
        ['Parent', pagesRef],
        // Set here, not inherited: the root node's /Rotate, /CropBox or /Resources must not apply.
        ['MediaBox', box],
        ['CropBox', box],
        ['Rotate', 0],
        ['Resources', new PdfDict([['Font', fonts]])],
        ['Contents', contents],
        [SLOTS_KEY, slots],
      ]),
    );
  });
  const newKids = [...kids, ...added];
  if (kidsValue instanceof PdfRef) up.replace(kidsValue.num, newKids);
  else tree.set('Kids', newKids);
  up.replace(pagesRef.num, tree.set('Count', (tree.get('Count') as number) + added.length));
  up.replace(rootRef.num, catalog.set(SIGNATURE_PAGES_KEY, added));
  return up.write();
}

/**
 * Fixes the version to be signed: the PDF rendition plus signature page(s) listing every signee with an
 * empty box where their stamp will go, appended as an incremental update, so the rendition's bytes (and
 * any signature already in it) stay untouched. The boxes' positions are recorded on the pages
 * (/SinettiSlots) and the pages in the catalog, for addSignature. A rendition whose cross-reference is
 * broken, or that is encrypted with permissions only (no password to open), is rewritten first, and the
 * result says so (keptIntact false); one that needs a password to open is refused (PDF_ENCRYPTED).
 */
export async function prepareForSigning(
  pdfBytes: Uint8Array,
  signees: Signee[],
  meta: PrepareMeta,
  limits: PdfLimits = DEFAULT_PDF_LIMITS,
): Promise<PreparedVersion> {
  if (signees.length === 0) throw new Error('A document to sign needs at least one signee.');
  const sha256 = createHash('sha256').update(pdfBytes).digest('hex');
  let base = pdfBytes;
  const opened = intactReader(pdfBytes, limits);
  const keptIntact = opened instanceof PdfReader;
  let reader: PdfReader;
  if (opened instanceof PdfReader) reader = opened;
  else {
    base = await rewrite(pdfBytes, opened);
    reader = new PdfReader(base, limits);
  }
  const update = appendPages(reader, layoutSignaturePages(signees, { ...meta, sha256 }));
  // Appended in place when the rendition came in shared memory (prepareSignable): no full-size copy.
  const file = GrowingPdf.of(base);
  file.append(Buffer.from(update, 'latin1'));
  const pdf = file.bytes;
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex'), keptIntact };
}
