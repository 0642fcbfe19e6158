import { PdfError } from '../syntax/errors.ts';
import { decodeStream } from '../syntax/filters.ts';
import type { PdfDict } from '../syntax/objects.ts';
import { PdfName, PdfRef, PdfStream, PdfString, isName, type PdfValue } from '../syntax/objects.ts';
import { pageRefs } from '../syntax/pages.ts';
import type { PdfReader } from '../syntax/reader.ts';

/** A text string of the PDF (UTF-16BE with BOM, UTF-8 with BOM, else PDFDocEncoding read as Latin-1). */
export function decodeText(value: PdfValue | undefined): string | null {
  if (!(value instanceof PdfString)) return null;
  const b = Buffer.from(value.bytes);
  if (b[0] === 0xfe && b[1] === 0xff) {
    const body = Buffer.from(b.subarray(2));
    body.swap16();
    return body.toString('utf16le');
  }
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.subarray(3).toString('utf8');
  return b.toString('latin1');
}

/** A PDF date (D:YYYYMMDDHHmmSS+HH'mm'), or null. */
export function parsePdfDate(value: PdfValue | undefined): Date | null {
  const s = decodeText(value);
  const m = s && /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(s);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', sign, oh = '00', om = '00'] = m;
  const offset = sign === '+' || sign === '-' ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const t = Date.UTC(+y!, +mo - 1, +d, +h, +mi, +se) - offset * 60_000;
  return Number.isFinite(t) ? new Date(t) : null;
}

export const catalogOf = (reader: PdfReader) => reader.dict(reader.trailer.get('Root'));

/** The pages' object numbers in order (the page tree walk that signing uses too). */
export function pageNumbers(reader: PdfReader): number[] {
  return pageRefs(reader).map((ref) => ref.num);
}

export interface FieldInfo {
  name: string;
  /** The field's object number (null: a direct object). */
  num: number | null;
  type: string | null;
  value: PdfValue | undefined;
}

/** Every terminal form field with its fully qualified name, type and value (inherited /FT, /V). */
export function formFields(reader: PdfReader): FieldInfo[] {
  const out: FieldInfo[] = [];
  const seen = new Set<number>();
  const acro = reader.dict(catalogOf(reader)?.get('AcroForm'));
  const roots = reader.resolve(acro?.get('Fields'));
  type Item = { value: PdfValue; prefix: string; ft: string | null; v: PdfValue | undefined };
  const stack: Item[] = (Array.isArray(roots) ? roots : []).map((value) => ({
    value,
    prefix: '',
    ft: null,
    v: undefined,
  }));
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value instanceof PdfRef) {
      if (seen.has(item.value.num)) continue;
      seen.add(item.value.num);
    }
    reader.budget.spendToken();
    const field = reader.dict(item.value);
    if (!field) continue;
    const partial = decodeText(field.get('T'));
    const name = partial === null ? item.prefix : item.prefix ? `${item.prefix}.${partial}` : partial;
    const ftValue = field.get('FT');
    const ft = ftValue instanceof PdfName ? ftValue.name : item.ft;
    const v = field.map.has('V') ? field.get('V') : item.v;
    const kids = reader.resolve(field.get('Kids'));
    const childFields = Array.isArray(kids) ? kids.filter((k) => reader.dict(k)?.get('T') !== undefined) : [];
    if (childFields.length > 0) {
      for (const kid of childFields) stack.push({ value: kid, prefix: name, ft, v });
    } else {
      out.push({ name, num: item.value instanceof PdfRef ? item.value.num : null, type: ft, value: v });
    }
  }
  return out;
}

/** The decoded streams of an array entry of the DSS (/Certs, /CRLs, /OCSPs). */
export function dssStreams(reader: PdfReader, key: string): Uint8Array[] {
  const dss = reader.dict(catalogOf(reader)?.get('DSS'));
  const list = reader.resolve(dss?.get(key));
  if (!Array.isArray(list)) return [];
  const out: Uint8Array[] = [];
  for (const item of list) {
    const stream = reader.resolve(item);
    if (stream instanceof PdfStream) out.push(decodeStream(stream, reader.budget));
  }
  return out;
}

/** The DocMDP permission of the document's certification signature (catalog /Perms /DocMDP), or null. */
export function docMdpPermission(reader: PdfReader): number | null {
  const perms = reader.dict(catalogOf(reader)?.get('Perms'));
  const sig = reader.dict(perms?.get('DocMDP'));
  const refs = reader.resolve(sig?.get('Reference'));
  for (const r of Array.isArray(refs) ? refs : []) {
    const ref = reader.dict(r);
    if (!isName(ref?.get('TransformMethod'), 'DocMDP')) continue;
    const p = reader.dict(ref?.get('TransformParams'))?.get('P');
    return p === 1 || p === 2 || p === 3 ? p : 2;
  }
  return null;
}

/** The signature value dictionaries (/V of signature fields), with their field names. */
export function signatureFields(reader: PdfReader): { name: string; dict: PdfDict; num: number | null }[] {
  return formFields(reader).flatMap((f) => {
    const dict = reader.dict(f.value);
    if (f.type !== 'Sig' || !dict || dict.get('ByteRange') === undefined) return [];
    return [{ name: f.name, dict, num: f.value instanceof PdfRef ? f.value.num : null }];
  });
}

/**
 * Every signature field that has a value (/FT /Sig with /V), readable or not: `dict` is undefined when the
 * value is not a dictionary (e.g. a reference to a damaged object); `num` is the field's object number
 * (null: a direct object). A verifier reports each of them.
 */
export function signedFields(
  reader: PdfReader,
): { name: string; num: number | null; dict: PdfDict | undefined }[] {
  return formFields(reader).flatMap((f) => {
    if (f.type !== 'Sig' || f.value === undefined || f.value === null) return [];
    let dict: PdfDict | undefined;
    try {
      dict = reader.dict(f.value);
    } catch (err) {
      if (err instanceof PdfError && err.problem === 'PDF_TOO_COMPLEX') throw err;
      dict = undefined;
    }
    return [{ name: f.name, num: f.num, dict }];
  });
}
