import type { SigningCa } from './ca/ca.ts';
import { issueOneTimeIdentity, type OneTimeIdentification, type SignerIdentity } from './ca/identities.ts';
import { buildCmsSignature } from './cms.ts';
import type { FieldStamp } from './field-stamps.ts';
import type { PdfImage } from './png.ts';
import { GrowingPdf } from './growing-pdf.ts';
import { completeSignature, type SignatureFieldSpec } from './layout.ts';
import type { Lang, SignatureMark } from './stamp.ts';
import { defaultRun, type PdfRun } from './workers.ts';
import type { TsaOptions } from './tsa.ts';

/** Bytes reserved in /Contents for the CMS: plenty for two certificates; a TSA token adds its own chain. */
export const CONTENTS_SIZE = 8192;
export const CONTENTS_SIZE_WITH_TSA = 8192 + 16384;

export interface AddSignatureOptions {
  signer: { name: string; email: string };
  /** How the signee proved their identity, shown in the stamp, e.g. "Email code (simple)". */
  method: string;
  signedAt: Date;
  /** The signee's box on the signature page (their index in the list given to prepareForSigning). */
  stampSlot: number;
  /** The signee's drawing (decoded with `signatureImageOf`) or typed name, drawn in their box. */
  mark?: SignatureMark | undefined;
  /** Language of the stamp's labels; the signature page's language. */
  lang?: Lang;
  reason?: string;
  location?: string;
  ca: SigningCa;
  /** With a TSA the signature is PAdES B-T, without B-B. */
  tsa?: TsaOptions | null;
  /** The worker pool and the organization it counts against (default: the process's default pool). */
  run?: PdfRun | undefined;
  /** The signee was identified with an eID: their one-time certificate names the verified person. */
  identified?: OneTimeIdentification | undefined;
  /** The signee's fields placed on the document with their values, drawn in this signature's update. */
  fields?: FieldStamp[] | undefined;
}

/**
 * Adds one signee's signature as an incremental update: the result is `pdf` unchanged followed by the
 * update (visible stamp in the signee's box, a new signature field, PAdES CMS made with a one-time key
 * whose certificate names the signee). Earlier signatures stay valid. The PDF is read in a worker thread.
 */
export async function addSignature(pdf: Uint8Array, opts: AddSignatureOptions): Promise<Uint8Array> {
  const lang = opts.lang ?? 'en';
  const identity = await issueOneTimeIdentity(opts.ca, opts.signer, opts.signedAt, opts.identified);
  // `identity` (and with it the one-time private key) is unreachable once this call returns.
  return signWithIdentity(
    pdf,
    identity,
    opts.ca,
    opts.tsa ?? null,
    {
      fieldPrefix: 'Signee',
      stamp: {
        slot: opts.stampSlot,
        text: { ...opts.signer, signedAt: opts.signedAt, method: opts.method, lang, mark: opts.mark },
      },
      signedAt: opts.signedAt,
      name: opts.signer.name,
      reason: opts.reason,
      location: opts.location,
      fields: opts.fields,
    },
    opts.run,
  );
}

/**
 * One signature by `identity`: the update is laid out in a PDF worker (the untrusted parsing), then the
 * CMS over its byte ranges is made here and written into /Contents.
 */
export async function signWithIdentity(
  pdf: Uint8Array,
  identity: SignerIdentity,
  ca: SigningCa,
  tsa: TsaOptions | null,
  field: SignatureFieldSpec,
  run?: PdfRun,
): Promise<Uint8Array> {
  const contentsSize = tsa ? CONTENTS_SIZE_WITH_TSA : CONTENTS_SIZE;
  const { workers, owner } = defaultRun(run);
  // One copy of the file, in a shared buffer: the worker reads it without another (growing-pdf.ts).
  const file = GrowingPdf.of(pdf).bytes;
  const layout = await workers.run('layoutSignature', { pdf: file, field, contentsSize }, owner);
  const cms = await buildCmsSignature({ digest: layout.digest, signer: identity, chain: [ca.der], tsa });
  return completeSignature(file, layout, cms);
}

/**
 * A drawn signature's PNG (already checked by the caller) decoded in a PDF worker into the image that
 * `addSignature` draws; null when its image data turns out to be damaged.
 */
export async function signatureImageOf(
  png: Uint8Array,
  maxSide: number,
  run?: PdfRun,
): Promise<PdfImage | null> {
  const { workers, owner } = defaultRun(run);
  return workers.run('signatureImage', { png, maxSide }, owner);
}
