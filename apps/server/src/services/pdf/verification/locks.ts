import type { DocumentChanges, SignatureLock } from '@sinetti/contract';
import type { PdfDict } from '../syntax/objects.ts';
import { PdfName, isName } from '../syntax/objects.ts';
import type { PdfReader } from '../syntax/reader.ts';
import { decodeText } from './structure.ts';

const permission = (p: unknown): 1 | 2 | 3 | null => (p === 1 || p === 2 || p === 3 ? p : null);

/**
 * The lock a signature dictionary sets through its /Reference signature references (ISO 32000-2
 * §12.8.1, Tables 255-257): DocMDP (a certification signature, /P default 2) and FieldMDP (/Action
 * All, Include or Exclude with /Fields, and in PDF 2.0 an optional /P that applies once the field is
 * signed). Null when it sets none.
 */
export function lockOf(reader: PdfReader, sig: PdfDict): SignatureLock | null {
  const refs = reader.resolve(sig.get('Reference'));
  let docMdp: SignatureLock['docMdp'] = null;
  let fieldMdp: SignatureLock['fieldMdp'] = null;
  for (const r of Array.isArray(refs) ? refs : []) {
    const ref = reader.dict(r);
    const params = reader.dict(ref?.get('TransformParams'));
    const method = ref?.get('TransformMethod');
    if (isName(method, 'DocMDP')) docMdp = permission(params?.get('P')) ?? 2;
    else if (isName(method, 'FieldMDP')) {
      const action = params?.get('Action');
      const kind = action instanceof PdfName ? action.name : '';
      if (kind !== 'All' && kind !== 'Include' && kind !== 'Exclude') continue;
      const list = reader.resolve(params?.get('Fields'));
      const fields = (Array.isArray(list) ? list : [])
        .map((f) => decodeText(reader.resolve(f)))
        .filter((f): f is string => f !== null);
      fieldMdp = { action: kind, fields, p: permission(params?.get('P')) };
    }
  }
  return docMdp === null && fieldMdp === null ? null : { docMdp, fieldMdp };
}

const locked = (lock: NonNullable<SignatureLock['fieldMdp']>, field: string): boolean => {
  const listed = lock.fields.some((f) => field === f || field.startsWith(`${f}.`));
  return lock.action === 'All' || (lock.action === 'Include' ? listed : !listed);
};

/**
 * What the changes after a signature did that its lock forbids (empty: nothing). Permissions (DocMDP,
 * or a FieldMDP /P): 1 allows only a DSS and document time-stamps (ETSI EN 319 142-1 §5.4: not even the
 * document information or XMP metadata may change); 2 also form
 * filling and signing; 3 also annotations. A FieldMDP lock also forbids any change to the fields it locks.
 */
export function lockViolations(lock: SignatureLock | null | undefined, changes: DocumentChanges): string[] {
  if (!lock) return [];
  const out = new Set<string>();
  const levels = [lock.docMdp, lock.fieldMdp?.p ?? null].filter((p): p is 1 | 2 | 3 => p !== null);
  const p = levels.length > 0 ? Math.min(...levels) : null;
  if (p !== null) {
    if (changes.pagesAdded.length + changes.pagesRemoved.length + changes.pagesContentChanged.length > 0)
      out.add('pages');
    if (changes.otherObjectsChanged > 0) out.add('objects');
    if (p < 3 && changes.annotations.length > 0) out.add('annotations');
    if (p === 1 && (changes.fields.length > 0 || changes.signaturesAdded > 0)) out.add('fields');
    if (p === 1 && changes.metadataChanged === true) out.add('metadata');
    if (p > 1 && changes.fields.some((f) => f.change === 'added' || f.change === 'removed'))
      out.add('fields');
  }
  const fieldLock = lock.fieldMdp;
  if (fieldLock && changes.fields.some((f) => locked(fieldLock, f.name))) out.add('locked-fields');
  return [...out];
}
