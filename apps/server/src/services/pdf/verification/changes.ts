import type { DocumentChanges } from '@sinetti/contract';
import { PdfDict, PdfName, PdfRef, PdfStream, isName, serialize, type PdfValue } from '../syntax/objects.ts';
import type { PdfReader } from '../syntax/reader.ts';
import { SIGNED_WITH_KEY } from '../field-stamps.ts';
import {
  coveredBy,
  ownUpdate,
  readRevision,
  writtenBy,
  type OwnUpdate,
  type RevisionAt,
} from './own-update.ts';
import { catalogOf, formFields, pageNumbers, type FieldInfo } from './structure.ts';

/** Catalog and form keys that signing, the DSS and document time-stamps may add or change. */
const ALLOWED_CATALOG_KEYS = new Set(['AcroForm', 'DSS', 'Perms', 'Metadata']);
/** After the last signature or time-stamp only a DSS may be added to the catalog. */
const TAIL_CATALOG_KEYS = new Set(['DSS', 'Extensions', 'Metadata']);
const ALLOWED_FORM_KEYS = new Set(['Fields', 'SigFlags', 'DR', 'DA']);

function text(value: PdfValue | undefined, without: Set<string> = new Set()): string {
  try {
    if (value instanceof PdfDict) {
      return serialize(new PdfDict([...value.map].filter(([k]) => !without.has(k))));
    }
    return value === undefined ? '' : serialize(value);
  } catch {
    // A stream (serialize refuses them): compare its dictionary and its raw bytes instead.
    return `stream:${Buffer.from((value as { data?: Uint8Array }).data ?? []).toString('base64')}`;
  }
}

/** Object numbers whose cross-reference entry differs between the two revisions (redefined or new). */
function redefined(before: PdfReader, after: PdfReader): { changed: Set<number>; existed: Set<number> } {
  const changed = new Set<number>();
  const existed = new Set<number>();
  for (const [num, entry] of after.entries) {
    const old = before.entries.get(num);
    if (old && JSON.stringify(old) === JSON.stringify(entry)) continue;
    changed.add(num);
    if (old && old.kind !== 'free') existed.add(num);
  }
  return { changed, existed };
}

const refNums = (reader: PdfReader, value: PdfValue | undefined): number[] => {
  const v = value instanceof PdfRef ? [value] : reader.resolve(value);
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x): x is PdfRef => x instanceof PdfRef).map((r) => r.num);
};

/** The annotations a page lists, whether /Annots is an array or a reference to one. */
const annotNums = (reader: PdfReader, value: PdfValue | undefined): number[] => {
  const list = reader.resolve(value);
  return Array.isArray(list) ? list.filter((x): x is PdfRef => x instanceof PdfRef).map((r) => r.num) : [];
};

const subtypeOf = (dict: PdfDict | undefined) => {
  const s = dict?.get('Subtype');
  return s instanceof PdfName ? s.name : 'Unknown';
};

const isSigned = (reader: PdfReader, f: FieldInfo) => f.type === 'Sig' && reader.dict(f.value) !== undefined;

/** The object numbers reachable from `value` (bounded by the reader's budget). */
function reachable(reader: PdfReader, value: PdfValue | undefined, into: Set<number>): Set<number> {
  const stack: (PdfValue | undefined)[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    reader.budget.spendToken();
    if (v instanceof PdfRef) {
      if (into.has(v.num)) continue;
      into.add(v.num);
      stack.push(reader.resolve(v));
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v instanceof PdfDict) stack.push(...v.map.values());
    else if (v instanceof PdfStream) stack.push(...v.dict.map.values());
  }
  return into;
}

/** The document information dictionary and the XMP metadata stream, as text to compare. */
function metadataText(reader: PdfReader): string {
  return `${text(reader.resolve(reader.trailer.get('Info')))}|${text(reader.resolve(catalogOf(reader)?.get('Metadata')))}`;
}

/**
 * What the updates after a signature changed: `before` is the revision the signature covers, `after` the
 * final file. Later signatures, document time-stamps and a DSS are allowed additions; pages added or
 * removed, page content, annotations, form field values, the document information or XMP metadata and any
 * other replaced object are modifications. With `tail` (the updates after the last signature or
 * time-stamp), only a DSS may be added: any other new object, and any catalog change but /DSS (and the
 * /Extensions a DSS writer declares), counts too. `revisionAt` reads the revision ending at an offset (the
 * verifier's, read once per offset; by default from `after`'s bytes): a field value's stamp is part of the
 * later signature it names only when that signature's own update wrote it. `verified` holds the object
 * numbers of the signature fields whose signatures verify over their bytes (digest and signature): only
 * those vouch for their widgets and stamps (none by default); any other signature's are annotations added
 * like any other, since an unsigned update can add a signature field of its own.
 */
export function compareRevisions(
  before: PdfReader,
  after: PdfReader,
  opts: { tail?: boolean; revisionAt?: RevisionAt; verified?: ReadonlySet<number> } = {},
): DocumentChanges {
  const revisionAt = opts.revisionAt ?? readRevision(after);
  const verified = opts.verified ?? new Set<number>();
  const { changed, existed } = redefined(before, after);
  const accounted = new Set<number>();
  const pages0 = pageNumbers(before);
  const pages1 = pageNumbers(after);
  const set0 = new Set(pages0);
  const set1 = new Set(pages1);
  const pagesAdded = pages1.flatMap((n, i) => (set0.has(n) ? [] : [i + 1]));
  const pagesRemoved = pages0.flatMap((n, i) => (set1.has(n) ? [] : [i + 1]));

  // Fields first: the widgets of signatures added later are allowed, not annotation changes.
  const fields0 = new Map(formFields(before).map((f) => [f.name, f]));
  const fields1 = formFields(after);
  // Each newly signed field whose signature verifies (its object number), with the update that added it.
  const signatureWidgets = new Map<number, OwnUpdate | null>();
  let signaturesAdded = 0;
  let timestampsAdded = 0;
  const fields: DocumentChanges['fields'] = [];
  for (const f of fields1) {
    const old = fields0.get(f.name);
    fields0.delete(f.name);
    if (f.num !== null) accounted.add(f.num);
    const newlySigned = isSigned(after, f) && !(old && isSigned(before, old));
    if (newlySigned) {
      if (f.num !== null && verified.has(f.num)) {
        signatureWidgets.set(f.num, ownUpdate(after, after.dict(f.value), revisionAt));
      }
      for (const n of refNums(after, f.value)) accounted.add(n);
      if (isName(after.dict(f.value)?.get('Type'), 'DocTimeStamp')) timestampsAdded++;
      else signaturesAdded++;
      continue;
    }
    if (!old) fields.push({ name: f.name, change: 'added' });
    else if (text(before.resolve(old.value)) !== text(after.resolve(f.value))) {
      const empty = old.value === undefined || old.value === null;
      fields.push({ name: f.name, change: empty ? 'filled' : 'changed' });
    }
  }
  for (const name of fields0.keys()) fields.push({ name, change: 'removed' });

  const annotations: DocumentChanges['annotations'] = [];
  const pagesContentChanged: number[] = [];
  pages1.forEach((num, i) => {
    accounted.add(num);
    if (!set0.has(num)) return;
    const page0 = before.dict(new PdfRef(num, 0));
    const page1 = after.dict(new PdfRef(num, 0));
    const contents = refNums(after, page1?.get('Contents'));
    for (const n of contents) accounted.add(n);
    if (
      text(page0, new Set(['Annots'])) !== text(page1, new Set(['Annots'])) ||
      contents.some((n) => changed.has(n))
    ) {
      pagesContentChanged.push(i + 1);
    }
    const annots0 = new Set(annotNums(before, page0?.get('Annots')));
    const annots1 = annotNums(after, page1?.get('Annots'));
    // A list that is an object of its own changes with what it lists: the annotations below say how.
    const list = page1?.get('Annots');
    if (list instanceof PdfRef) accounted.add(list.num);
    for (const a of annots1) {
      accounted.add(a);
      const dict = after.dict(new PdfRef(a, 0));
      const appearance = refNums(after, after.dict(dict?.get('AP'))?.get('N'));
      for (const n of appearance) accounted.add(n);
      const parent = dict?.get('Parent');
      const field = signatureWidgets.has(a) ? a : parent instanceof PdfRef ? parent.num : null;
      // A later signature's widget is part of it as the signature covers it: neither it nor its appearance
      // replaced after its update. An update that cannot be read leaves the field's own widget to the
      // signature's own check, but vouches for no other annotation (one naming it as /Parent included).
      const widgetOf = field === null ? undefined : signatureWidgets.get(field);
      // A field value drawn in a later signee's update names that signature's field: it is part of that
      // signature when that same update wrote it and its appearance; naming the field from any other update
      // is an annotation added like any other (docs/decisions.md "Fields on the page").
      const signedWith = dict?.get(SIGNED_WITH_KEY);
      const update = signedWith instanceof PdfRef ? signatureWidgets.get(signedWith.num) : undefined;
      const ofSignature =
        (widgetOf === null && field === a) ||
        (!!widgetOf && [a, ...appearance].every((n) => coveredBy(after, n, widgetOf))) ||
        (!!update && [a, ...appearance].every((n) => writtenBy(after, n, update)));
      if (!annots0.has(a)) {
        if (!ofSignature) annotations.push({ page: i + 1, change: 'added', subtype: subtypeOf(dict) });
      } else if (changed.has(a) || appearance.some((n) => changed.has(n))) {
        // Its dictionary, or the appearance it is drawn with, replaced (a stamp or a signature redrawn).
        annotations.push({ page: i + 1, change: 'changed', subtype: subtypeOf(dict) });
      }
      annots0.delete(a);
    }
    for (const a of annots0) {
      annotations.push({ page: i + 1, change: 'removed', subtype: subtypeOf(before.dict(new PdfRef(a, 0))) });
    }
  });

  // The catalog, the form dictionary, the page tree and the DSS are accounted for by the checks above.
  const rootRef = after.trailer.get('Root');
  const catalog0 = catalogOf(before);
  const catalog1 = catalogOf(after);
  let otherObjectsChanged = 0;
  const allowedCatalogKeys = opts.tail ? TAIL_CATALOG_KEYS : ALLOWED_CATALOG_KEYS;
  if (
    !(rootRef instanceof PdfRef) ||
    text(catalog0, allowedCatalogKeys) !== text(catalog1, allowedCatalogKeys)
  ) {
    otherObjectsChanged++;
  }
  if (rootRef instanceof PdfRef) accounted.add(rootRef.num);
  const form0 = before.dict(catalog0?.get('AcroForm'));
  const form1 = after.dict(catalog1?.get('AcroForm'));
  if (form0 && text(form0, ALLOWED_FORM_KEYS) !== text(form1, ALLOWED_FORM_KEYS)) otherObjectsChanged++;
  for (const n of refNums(after, catalog1?.get('AcroForm'))) accounted.add(n);
  for (const n of refNums(after, catalog1?.get('DSS'))) accounted.add(n);
  for (const n of refNums(after, after.trailer.get('Info'))) accounted.add(n);
  for (const n of refNums(after, catalog1?.get('Metadata'))) accounted.add(n);
  for (const num of existed) {
    if (accounted.has(num)) continue;
    const value = after.dict(new PdfRef(num, 0));
    const type = value?.get('Type');
    if (isName(type, 'Pages') || isName(type, 'XRef') || isName(type, 'ObjStm')) continue;
    if (isName(type, 'Sig') || isName(type, 'DocTimeStamp') || isName(type, 'VRI')) continue;
    otherObjectsChanged++;
  }
  if (opts.tail) {
    // After the last signature: every new object must belong to the DSS (or be cross-reference machinery).
    const dssObjects = reachable(after, catalog1?.get('DSS'), new Set());
    for (const num of changed) {
      if (existed.has(num) || accounted.has(num) || dssObjects.has(num)) continue;
      const type = after.dict(new PdfRef(num, 0))?.get('Type');
      if (isName(type, 'XRef') || isName(type, 'ObjStm')) continue;
      if (after.entries.get(num)?.kind === 'free') continue;
      otherObjectsChanged++;
    }
  }
  const metadataChanged = metadataText(before) !== metadataText(after);
  const dss0 = catalog0?.get('DSS');
  const dssAdded = catalog1?.get('DSS') !== undefined && text(dss0) !== text(catalog1?.get('DSS'));
  const modified =
    pagesAdded.length +
      pagesRemoved.length +
      pagesContentChanged.length +
      annotations.length +
      fields.length >
      0 ||
    otherObjectsChanged > 0 ||
    metadataChanged;
  return {
    pagesAdded,
    pagesRemoved,
    pagesContentChanged,
    annotations,
    fields,
    signaturesAdded,
    timestampsAdded,
    dssAdded,
    otherObjectsChanged,
    metadataChanged,
    modified,
  };
}
