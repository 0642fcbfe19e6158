import { createHash } from 'node:crypto';
import type { SigningCa } from './ca/ca.ts';
import { issueOneTimeIdentity, type SignerIdentity } from './ca/identities.ts';
import { buildCmsSignature } from './cms.ts';
import { buildSignatureUpdate, type SignatureFieldOptions } from './signature-update.ts';
import { stampContent, type Lang } from './stamp.ts';
import { PdfReader } from './syntax/reader.ts';
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
  /** Language of the stamp's labels; the signature page's language. */
  lang?: Lang;
  reason?: string;
  location?: string;
  ca: SigningCa;
  /** With a TSA the signature is PAdES B-T, without B-B. */
  tsa?: TsaOptions | null;
}

/**
 * Adds one signee's signature as an incremental update: the result is `pdf` unchanged followed by the
 * update (visible stamp in the signee's box, a new signature field, PAdES CMS made with a one-time key
 * whose certificate names the signee). Earlier signatures stay valid.
 */
export async function addSignature(pdf: Uint8Array, opts: AddSignatureOptions): Promise<Uint8Array> {
  const lang = opts.lang ?? 'en';
  const identity = await issueOneTimeIdentity(opts.ca, opts.signer, opts.signedAt);
  // `identity` (and with it the one-time private key) is unreachable once this call returns.
  return signWithIdentity(pdf, identity, opts.ca, opts.tsa ?? null, {
    fieldPrefix: 'Signee',
    appearance: {
      slot: opts.stampSlot,
      draw: (w, h) =>
        stampContent(w, h, { ...opts.signer, signedAt: opts.signedAt, method: opts.method, lang }),
    },
    signedAt: opts.signedAt,
    name: opts.signer.name,
    reason: opts.reason,
    location: opts.location,
  });
}

/** The update for one signature by `identity`, then the CMS over its byte ranges written into /Contents. */
export async function signWithIdentity(
  pdf: Uint8Array,
  identity: SignerIdentity,
  ca: SigningCa,
  tsa: TsaOptions | null,
  field: Omit<SignatureFieldOptions, 'contentsSize'>,
): Promise<Uint8Array> {
  const contentsSize = tsa ? CONTENTS_SIZE_WITH_TSA : CONTENTS_SIZE;
  const reader = new PdfReader(pdf);
  const { update, contentsStart, contentsEnd } = buildSignatureUpdate(reader, { ...field, contentsSize });
  // The digest streams over views of the input and the update: no copy of the document is made.
  const digest = createHash('sha256')
    .update(pdf)
    .update(update.subarray(0, contentsStart - 1))
    .update(update.subarray(contentsEnd + 1))
    .digest();
  const cms = await buildCmsSignature({ digest, signer: identity, chain: [ca.der], tsa });
  if (cms.length > contentsSize) {
    throw new Error(`The signature (${cms.length} bytes) does not fit the ${contentsSize}-byte placeholder.`);
  }
  update.write(Buffer.from(cms).toString('hex'), contentsStart, 'latin1');
  const out = new Uint8Array(pdf.length + update.length);
  out.set(pdf, 0);
  out.set(update, pdf.length);
  return out;
}
