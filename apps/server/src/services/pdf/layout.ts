import { createHash } from 'node:crypto';
import { GrowingPdf } from './growing-pdf.ts';
import type { FieldStamp } from './field-stamps.ts';
import { buildSignatureUpdate } from './signature-update.ts';
import { stampContent, type StampText } from './stamp.ts';
import type { PdfLimits } from './syntax/limits.ts';
import { PdfReader } from './syntax/reader.ts';

/** What one signature field looks like; plain data, so it can be sent to a worker thread. */
export interface SignatureFieldSpec {
  /** Start of the new field's name; a counter and random suffix make it unique. */
  fieldPrefix: string;
  /** A visible stamp in the signee box `slot` of the signature page, or null for an invisible field. */
  stamp: { slot: number; text: StampText } | null;
  signedAt: Date;
  name?: string | undefined;
  reason?: string | undefined;
  location?: string | undefined;
  /** A document time-stamp instead of a signature (signature-update.ts). */
  kind?: 'signature' | 'timestamp' | undefined;
  /** The signature locks the document (the platform seal). */
  lock?: boolean | undefined;
  /** The signee's fields placed on the document, with their values (field-stamps.ts). */
  fields?: FieldStamp[] | undefined;
}

export interface LayoutInput {
  pdf: Uint8Array;
  field: SignatureFieldSpec;
  /** Bytes reserved for the CMS signature. */
  contentsSize: number;
}

/** The incremental update of one signature with /Contents still zeros, and the digest to sign. */
export interface SignatureLayout {
  update: Uint8Array;
  contentsStart: number;
  contentsEnd: number;
  /** SHA-256 over the input and the update without /Contents' hex digits: what the CMS signs. */
  digest: Uint8Array;
}

/**
 * Reads the untrusted PDF and lays out one signature's update (the slow, parsing part of signing; runs in a
 * PDF worker). The digest streams over views of the input and the update: no copy of the document is made.
 */
export function layoutSignature(input: LayoutInput, limits?: PdfLimits): SignatureLayout {
  const { pdf, field, contentsSize } = input;
  const reader = new PdfReader(pdf, limits);
  const stamp = field.stamp;
  const { update, contentsStart, contentsEnd } = buildSignatureUpdate(reader, {
    ...field,
    appearance: stamp
      ? {
          slot: stamp.slot,
          draw: (w, h) => stampContent(w, h, stamp.text),
          image: stamp.text.mark?.kind === 'image' ? stamp.text.mark.image : undefined,
        }
      : null,
    fields: field.fields?.length
      ? {
          stamps: field.fields,
          // Signature fields show the signee's mark; without one, their name as they would type it.
          mark: stamp?.text.mark ?? { kind: 'typed', text: stamp?.text.name ?? field.name ?? '' },
        }
      : undefined,
    contentsSize,
  });
  const digest = createHash('sha256')
    .update(pdf)
    .update(update.subarray(0, contentsStart - 1))
    .update(update.subarray(contentsEnd + 1))
    .digest();
  return { update, contentsStart, contentsEnd, digest };
}

/**
 * The signed file: `pdf`, then the update with the CMS (hex) written into /Contents. The update is appended
 * in place (growing-pdf.ts): the result is a view of a shared buffer, which the next step extends in turn.
 */
export function completeSignature(pdf: Uint8Array, layout: SignatureLayout, cms: Uint8Array): Buffer {
  const hex = Buffer.from(cms).toString('hex');
  if (hex.length > layout.contentsEnd - layout.contentsStart) {
    throw new Error(
      `The signature (${cms.length} bytes) does not fit the ${(layout.contentsEnd - layout.contentsStart) / 2}-byte placeholder.`,
    );
  }
  const file = GrowingPdf.of(pdf);
  file.append(layout.update).write(hex, layout.contentsStart, 'latin1');
  return file.bytes;
}

/**
 * The send-time dry run: lays out every signee's signature in turn (each on top of the previous update,
 * /Contents left as zeros) and then the platform seal, exactly as signing will. A document that passes can
 * be signed to the end; one that does not throws the PdfError that signing would have thrown later. The
 * updates (a few KB each) are appended after `prepared` (in place when it is the newest version in shared
 * memory; `prepared` itself, a view, does not change).
 */
export function dryRunSignatures(prepared: Uint8Array, signees: number, limits?: PdfLimits): void {
  const file = GrowingPdf.of(prepared);
  const signedAt = new Date(0);
  const text: StampText = { name: 'X', email: 'x@example.com', signedAt, method: 'X', lang: 'en' };
  const append = (field: SignatureFieldSpec) => {
    file.append(layoutSignature({ pdf: file.bytes, field, contentsSize: 8 }, limits).update);
  };
  for (let slot = 0; slot < signees; slot++) {
    append({ fieldPrefix: 'DryRun', stamp: { slot, text }, signedAt });
  }
  append({ fieldPrefix: 'DryRunSeal', stamp: null, signedAt });
}
