import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, SignedData } from 'pkijs';
import { arrayBuffer } from './ca/keys.ts';
import { CMS_OID } from './cms.ts';
import { PdfError } from './syntax/errors.ts';
import type { PdfLimits } from './syntax/limits.ts';
import { PdfDict, PdfRef, PdfStream, PdfString, isName, name, type PdfValue } from './syntax/objects.ts';
import { PdfReader } from './syntax/reader.ts';
import { IncrementalUpdate } from './syntax/writer.ts';

export interface DssInput {
  pdf: Uint8Array;
  /** Certificates (DER) to add besides those found in the file's signatures and time-stamp tokens. */
  certs: Uint8Array[];
  /** CRLs (DER) that cover them. */
  crls: Uint8Array[];
}

export interface DssLayout {
  /** The incremental update that adds (or extends) the Document Security Store. */
  update: Uint8Array;
  /** How many certificates and CRLs the store holds after it. */
  certs: number;
  crls: number;
}

/** Signature fields met at most, nested fields included (a bound for hostile forms). */
const MAX_FIELDS = 10_000;

const sha256 = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

/** The /Contents of every signature and document time-stamp in the form (nested fields included). */
export function signatureContents(reader: PdfReader): Uint8Array[] {
  const acro = reader.dict(reader.dict(reader.trailer.get('Root'))?.get('AcroForm'));
  const fields = reader.resolve(acro?.get('Fields'));
  const stack: PdfValue[] = Array.isArray(fields) ? [...fields] : [];
  const seen = new Set<number>();
  const out: Uint8Array[] = [];
  while (stack.length > 0 && seen.size < MAX_FIELDS) {
    const item = stack.pop();
    if (item instanceof PdfRef) {
      if (seen.has(item.num)) continue;
      seen.add(item.num);
    }
    reader.budget.spendToken();
    const field = reader.dict(item);
    if (!field) continue;
    const kids = reader.resolve(field.get('Kids'));
    if (Array.isArray(kids)) stack.push(...kids);
    const v = reader.dict(field.get('V'));
    const contents = v?.get('Contents');
    if (isName(field.get('FT'), 'Sig') && contents instanceof PdfString) out.push(contents.bytes);
  }
  return out;
}

/** Certificates of a CMS SignedData (a signature, or a time-stamp token) and of its signature time-stamps. */
function certificatesOf(signed: SignedData, into: Map<string, Uint8Array>): void {
  for (const cert of signed.certificates ?? []) {
    if (!(cert instanceof Certificate)) continue;
    const der = new Uint8Array(cert.toSchema().toBER());
    into.set(sha256(der), der);
  }
  for (const info of signed.signerInfos) {
    for (const attribute of info.unsignedAttrs?.attributes ?? []) {
      if (attribute.type !== CMS_OID.signatureTimeStampToken) continue;
      const token = new ContentInfo({ schema: attribute.values[0] });
      certificatesOf(new SignedData({ schema: token.content }), into);
    }
  }
}

/** Reads a /Contents as CMS; what is not CMS (damaged, or another format) contributes nothing. */
function collectFrom(contents: Uint8Array, into: Map<string, Uint8Array>): void {
  try {
    const parsed = asn1js.fromBER(arrayBuffer(contents));
    if (parsed.offset === -1) return;
    const info = new ContentInfo({ schema: parsed.result });
    if (info.contentType !== CMS_OID.signedData) return;
    certificatesOf(new SignedData({ schema: info.content }), into);
  } catch {
    // Not a CMS structure we can read: its validation material cannot be gathered.
  }
}

/** The entries of an existing DSS array, and the SHA-256 of those whose data is plain (unfiltered) DER. */
function existing(
  reader: PdfReader,
  dss: PdfDict | undefined,
  key: string,
): { refs: PdfValue[]; hashes: Set<string> } {
  const list = reader.resolve(dss?.get(key));
  const refs = Array.isArray(list) ? [...list] : [];
  const hashes = new Set<string>();
  for (const ref of refs) {
    const stream = reader.resolve(ref);
    if (stream instanceof PdfStream && stream.dict.get('Filter') === undefined)
      hashes.add(sha256(stream.data));
  }
  return { refs, hashes };
}

const derStream = (der: Uint8Array) => ({
  raw: `<</Length ${der.length}>>\nstream\n${Buffer.from(der).toString('latin1')}\nendstream`,
});

/**
 * The Document Security Store (ISO 32000-2 §12.8.4.3, PAdES B-LT) as an incremental update: every
 * certificate of the file's signatures and their time-stamp tokens, plus `certs` and `crls`, each as a
 * stream, listed in /DSS /Certs and /CRLs of the catalog. An existing store is extended (its entries and
 * any /OCSPs and /VRI kept); material already in it is not added twice.
 */
export function layoutDss(input: DssInput, limits?: PdfLimits): DssLayout {
  const reader = new PdfReader(input.pdf, limits);
  const rootRef = reader.trailer.get('Root');
  const catalogDict = reader.dict(rootRef);
  if (!(rootRef instanceof PdfRef) || !catalogDict)
    throw new PdfError('PDF_DAMAGED', 'The PDF has no document catalog.');
  const found = new Map<string, Uint8Array>();
  for (const der of input.certs) found.set(sha256(der), der);
  for (const contents of signatureContents(reader)) collectFrom(contents, found);

  const up = new IncrementalUpdate(reader);
  const oldDss = reader.dict(catalogDict.get('DSS'));
  const dss = (oldDss ?? new PdfDict()).clone().set('Type', name('DSS'));
  const add = (key: string, items: Iterable<Uint8Array>) => {
    const { refs, hashes } = existing(reader, oldDss, key);
    for (const der of items) {
      const hash = sha256(der);
      if (hashes.has(hash)) continue;
      hashes.add(hash);
      refs.push(up.add(derStream(der)));
    }
    dss.set(key, refs);
    return refs.length;
  };
  const certs = add('Certs', found.values());
  const crls = add('CRLs', input.crls);

  const catalog = catalogDict.clone().set('DSS', up.add(dss));
  up.replace(rootRef.num, catalog);
  return { update: Buffer.from(up.write(), 'latin1'), certs, crls };
}
