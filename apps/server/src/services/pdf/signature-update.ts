import { randomBytes } from 'node:crypto';
import { PdfError } from './syntax/errors.ts';
import { PdfDict, PdfRef, PdfString, name, serialize, type PdfValue } from './syntax/objects.ts';
import { firstPage, pageRefs } from './syntax/pages.ts';
import type { PdfReader } from './syntax/reader.ts';
import { addStandardFonts } from './standard-fonts.ts';
import { IncrementalUpdate } from './syntax/writer.ts';
import type { PdfImage } from './png.ts';
import { STAMP_IMAGE, type SignatureMark } from './stamp.ts';
import { layoutFieldStamps, type FieldStamp } from './field-stamps.ts';
import { pdfDate, textStringBytes } from './text.ts';

/** Page key under which prepare.ts records the signee boxes: [[index x y width height] …]. */
export const SLOTS_KEY = 'SinettiSlots';
/** Catalog key under which prepare.ts lists the signature pages ([page refs]), so signing finds them directly. */
export const SIGNATURE_PAGES_KEY = 'SinettiSignaturePages';

export interface SignatureFieldOptions {
  /** Start of the new field's name; a counter and random suffix make it unique. */
  fieldPrefix: string;
  /** A visible stamp in the signee box `slot` of the signature page, or null for an invisible field. */
  appearance: {
    slot: number;
    draw: (width: number, height: number) => string;
    /** A drawn signature, the stamp's image XObject STAMP_IMAGE. */
    image?: PdfImage | undefined;
  } | null;
  signedAt: Date;
  name?: string | undefined;
  reason?: string | undefined;
  location?: string | undefined;
  /** Bytes reserved for the CMS signature (/Contents holds twice as many hex digits). */
  contentsSize: number;
  /**
   * `signature` (default): a /Sig with a CAdES CMS. `timestamp`: a document time-stamp (ISO 32000-2
   * §12.8.5: /Type /DocTimeStamp, /SubFilter /ETSI.RFC3161, /Contents an RFC 3161 token over the ranges).
   */
  kind?: 'signature' | 'timestamp' | undefined;
  /** Lock the document with this signature (FieldMDP, all fields, P 1: no changes; see sigDictionary). */
  lock?: boolean | undefined;
  /**
   * The signee's fields placed on the document, drawn as annotations of this signature's update
   * (field-stamps.ts); `mark` is what their signature fields show.
   */
  fields?: { stamps: FieldStamp[]; mark: SignatureMark } | undefined;
}

export interface SignatureUpdate {
  /** The bytes to append to the original file, /ByteRange filled in, /Contents still zeros. */
  update: Buffer;
  /** Offsets of /Contents' hex digits inside `update` (after '<', before '>'). */
  contentsStart: number;
  contentsEnd: number;
  /** [0, a, b, c]: the signed ranges of the whole result, /Contents' <…> excluded. */
  byteRange: [number, number, number, number];
  fieldName: string;
}

const BYTE_RANGE_PLACEHOLDER = `[0 ${'0'.repeat(12)} ${'0'.repeat(12)} ${'0'.repeat(12)}]`;
const text = (s: string) => new PdfString(textStringBytes(s));

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** An array entry of the form or a page (/Fields, /Annots): absent is empty, anything else is refused. */
function arrayOf(reader: PdfReader, value: PdfValue | undefined, what: string): PdfValue[] {
  const v = reader.resolve(value);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new PdfError('PDF_UNSIGNABLE', `The PDF's ${what} is not an array.`);
  return v;
}

/** The slot `slot` among the pages listed, newest page first. */
function slotIn(reader: PdfReader, pages: PdfValue[], slot: number): { page: PdfRef; rect: number[] } | null {
  for (const page of [...pages].reverse()) {
    if (!(page instanceof PdfRef)) continue;
    const slots = reader.resolve(reader.dict(page)?.get(SLOTS_KEY));
    if (!Array.isArray(slots)) continue;
    for (const entry of slots) {
      const values = reader.resolve(entry);
      const rect = Array.isArray(values) ? values.slice(1) : [];
      if (Array.isArray(values) && values[0] === slot && rect.length === 4 && rect.every(isFiniteNumber)) {
        return { page, rect };
      }
    }
  }
  return null;
}

/**
 * The signee box: read from the signature pages the catalog lists (SIGNATURE_PAGES_KEY, written by
 * prepareForSigning), so that signing never walks the page tree; versions prepared before that record
 * existed are searched page by page.
 */
function findSlot(reader: PdfReader, catalog: PdfDict, slot: number): { page: PdfRef; rect: number[] } {
  const listed = reader.resolve(catalog.get(SIGNATURE_PAGES_KEY));
  const found =
    (Array.isArray(listed) ? slotIn(reader, listed, slot) : null) ?? slotIn(reader, pageRefs(reader), slot);
  if (found) return found;
  throw new PdfError(
    'PDF_UNSIGNABLE',
    `The PDF has no signature box for signee ${slot} (was it prepared with prepareForSigning?).`,
  );
}

/** Where an invisible signature's widget goes: the (first) signature page, else the document's first page. */
function invisibleTarget(reader: PdfReader, catalog: PdfDict): { page: PdfRef; rect: number[] } {
  const listed = reader.resolve(catalog.get(SIGNATURE_PAGES_KEY));
  const page = (Array.isArray(listed) && listed[0] instanceof PdfRef ? listed[0] : null) ?? firstPage(reader);
  if (!page) throw new PdfError('PDF_DAMAGED', 'The PDF has no pages.');
  return { page, rect: [0, 0, 0, 0] };
}

function uniqueFieldName(reader: PdfReader, fields: PdfValue[], prefix: string): string {
  const taken = new Set<string>();
  for (const f of fields) {
    const t = reader.dict(f)?.get('T');
    if (t instanceof PdfString) taken.add(Buffer.from(t.bytes).toString('latin1'));
  }
  for (;;) {
    const candidate = `${prefix}-${fields.length + 1}-${randomBytes(4).toString('hex')}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Lays out the incremental update of one signature (ISO 32000-1 §12.8): a /Sig dictionary with a
 * fixed-size /Contents placeholder, a signature field + widget on the page (with a stamp appearance
 * or invisible), the page's /Annots and the form's /Fields extended. The original bytes are not touched.
 */
export function buildSignatureUpdate(reader: PdfReader, opts: SignatureFieldOptions): SignatureUpdate {
  const up = new IncrementalUpdate(reader);
  const rootRef = reader.trailer.get('Root') as PdfRef;
  const catalogDict = reader.dict(rootRef);
  if (!catalogDict) throw new PdfError('PDF_DAMAGED', 'The PDF has no document catalog.');
  const catalog = catalogDict.clone();
  const target = opts.appearance
    ? findSlot(reader, catalogDict, opts.appearance.slot)
    : invisibleTarget(reader, catalogDict);
  const [x = 0, y = 0, w = 0, h = 0] = target.rect;

  // The form: /AcroForm as an object of its own, inline in the catalog, or none yet.
  const acroValue = catalog.get('AcroForm');
  const acro = (reader.dict(acroValue) ?? new PdfDict()).clone();
  const fieldsValue = acro.get('Fields');
  const fields = arrayOf(reader, fieldsValue, 'form field list (/AcroForm /Fields)');
  const fieldName = uniqueFieldName(reader, fields, opts.fieldPrefix);

  const sigRef = up.allocate();
  const widgetRef = up.allocate();
  const fonts = addStandardFonts(up);
  const content = opts.appearance ? opts.appearance.draw(w, h) : '';
  const resources = new PdfDict([['Font', fonts], ...imageResource(up, opts.appearance?.image)]);
  const apDict = new PdfDict([
    ['Type', name('XObject')],
    ['Subtype', name('Form')],
    ['BBox', [0, 0, w, h]],
    ['Resources', resources],
    ['Length', content.length],
  ]);
  const apRef = up.add({ raw: `${serialize(apDict)}\nstream\n${content}\nendstream` });
  const widget = new PdfDict([
    ['Type', name('Annot')],
    ['Subtype', name('Widget')],
    ['FT', name('Sig')],
    ['T', text(fieldName)],
    ['V', sigRef],
    ['F', 132], // Print + Locked
    ['P', target.page],
    ['Rect', [x, y, x + w, y + h]],
    ['AP', new PdfDict([['N', apRef]])],
  ]);
  if (opts.lock) widget.set('Lock', LOCK_ALL);
  up.set(widgetRef, widget);
  up.set(sigRef, { raw: sigDictionary(opts) });

  // The pages list the new widget and the field values' annotations (if any) among their annotations.
  const placed = [{ page: target.page, annot: widgetRef }];
  if (opts.fields && opts.fields.stamps.length > 0) {
    const { stamps, mark } = opts.fields;
    placed.push(
      ...layoutFieldStamps(reader, up, stamps, { signature: widgetRef, resources, mark, author: opts.name }),
    );
  }
  addAnnotations(reader, up, placed);

  // The form lists the new field and declares that the document holds signatures (SigFlags 3).
  if (fieldsValue instanceof PdfRef) up.replace(fieldsValue.num, [...fields, widgetRef]);
  else acro.set('Fields', [...fields, widgetRef]);
  acro.set('SigFlags', 3);
  if (acroValue instanceof PdfRef) up.replace(acroValue.num, acro);
  else up.replace(rootRef.num, catalog.set('AcroForm', acroValue instanceof PdfDict ? acro : up.add(acro)));

  return placeByteRange(up.write(), reader.bytes.length, fieldName);
}

/**
 * Each page lists its new annotations: the page is rewritten with the longer /Annots, or the list itself
 * when it is an object of its own (a list that pages share gets the new annotations of all of them).
 */
function addAnnotations(reader: PdfReader, up: IncrementalUpdate, placed: { page: PdfRef; annot: PdfRef }[]) {
  const pages = new Map<number, { page: PdfRef; added: PdfRef[] }>();
  for (const { page, annot } of placed) {
    const entry = pages.get(page.num) ?? { page, added: [] };
    entry.added.push(annot);
    pages.set(page.num, entry);
  }
  const lists = new Map<number, PdfValue[]>();
  for (const { page: ref, added } of pages.values()) {
    const page = reader.dict(ref)!.clone();
    const annots = page.get('Annots');
    const list = arrayOf(reader, annots, 'page annotation list (/Annots)');
    if (annots instanceof PdfRef && Array.isArray(reader.resolve(annots))) {
      lists.set(annots.num, [...(lists.get(annots.num) ?? list), ...added]);
    } else up.replace(ref.num, page.set('Annots', [...list, ...added]));
  }
  for (const [num, list] of lists) up.replace(num, list);
}

/** The XObject resources of a drawn signature: its image, with its alpha as a soft mask (ISO 32000-1 §11.6.5.3). */
function imageResource(up: IncrementalUpdate, image: PdfImage | undefined): [string, PdfDict][] {
  if (!image) return [];
  const stream = (data: Uint8Array, colors: 1 | 3, extra: [string, PdfValue][]) => {
    const dict = new PdfDict([
      ['Type', name('XObject')],
      ['Subtype', name('Image')],
      ['Width', image.width],
      ['Height', image.height],
      ['ColorSpace', name(colors === 3 ? 'DeviceRGB' : 'DeviceGray')],
      ['BitsPerComponent', 8],
      ['Filter', name('FlateDecode')],
      ...extra,
      ['Length', data.length],
    ]);
    return up.add({ raw: `${serialize(dict)}\nstream\n${Buffer.from(data).toString('latin1')}\nendstream` });
  };
  const mask = image.alpha ? [['SMask', stream(image.alpha, 1, [])] as [string, PdfValue]] : [];
  return [['XObject', new PdfDict([[STAMP_IMAGE, stream(image.data, image.colors, mask)]])]];
}

/** The field's lock (ISO 32000-2 §12.7.5.5): every field, and no changes at all to the document (P 1). */
const LOCK_ALL = new PdfDict([
  ['Type', name('SigFieldLock')],
  ['Action', name('All')],
  ['P', 1],
]);

/**
 * The signature dictionary with fixed-width /ByteRange and zeroed /Contents. A locking signature carries
 * the matching FieldMDP signature reference (ISO 32000-2 §12.8.1, Table 256/257), so that validators
 * report any later change except a DSS and document time-stamps (ETSI EN 319 142-1 §5.4) as a modification.
 */
function sigDictionary(opts: SignatureFieldOptions): string {
  const zeros = '0'.repeat(opts.contentsSize * 2);
  if (opts.kind === 'timestamp') {
    return (
      `<</Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange ${BYTE_RANGE_PLACEHOLDER}` +
      ` /Contents <${zeros}> /Prop_Build <</App <</Name /Sinetti>>>>>>`
    );
  }
  const optional = (key: string, v: string | undefined) => (v ? ` /${key} ${serialize(text(v))}` : '');
  const reference = opts.lock
    ? ' /Reference [<</Type /SigRef /TransformMethod /FieldMDP' +
      ' /TransformParams <</Type /TransformParams /Action /All /P 1 /V /1.2>>>>]'
    : '';
  return (
    `<</Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ${BYTE_RANGE_PLACEHOLDER}` +
    ` /Contents <${zeros}> /M ${serialize(new PdfString(Buffer.from(pdfDate(opts.signedAt), 'latin1')))}` +
    `${optional('Name', opts.name)}${optional('Reason', opts.reason)}${optional('Location', opts.location)}` +
    `${reference} /Prop_Build <</App <</Name /Sinetti>>>>>>`
  );
}

function placeByteRange(written: string, base: number, fieldName: string): SignatureUpdate {
  const rangeAt = written.indexOf(`/ByteRange ${BYTE_RANGE_PLACEHOLDER}`) + '/ByteRange '.length;
  const contentsStart = written.indexOf('/Contents <', rangeAt) + '/Contents <'.length;
  const contentsEnd = written.indexOf('>', contentsStart);
  const total = base + written.length;
  const byteRange: SignatureUpdate['byteRange'] = [0, base + contentsStart - 1, base + contentsEnd + 1, 0];
  byteRange[3] = total - byteRange[2];
  const filled = `[${byteRange.join(' ')}`.padEnd(BYTE_RANGE_PLACEHOLDER.length - 1, ' ') + ']';
  const update = Buffer.from(written, 'latin1');
  update.write(filled, rangeAt, 'latin1');
  return { update, contentsStart, contentsEnd, byteRange, fieldName };
}
