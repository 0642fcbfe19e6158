import type { SigningCa } from './ca/ca.ts';
import { currentCrl } from './ca/crl.ts';
import { GrowingPdf } from './growing-pdf.ts';
import { completeSignature } from './layout.ts';
import { timestampDigest, type TsaOptions } from './tsa.ts';
import { defaultRun, type PdfRun } from './workers.ts';

/** Bytes reserved for a document time-stamp token (the token and its certificate chain). */
export const TIMESTAMP_CONTENTS_SIZE = 16384;

export interface LongTermOptions {
  ca: SigningCa;
  tsa: TsaOptions;
  run?: PdfRun | undefined;
  now?: Date;
}

/**
 * PAdES B-LT then B-LTA over a sealed PDF (ETSI EN 319 142-1 §5.4): a Document Security Store with every
 * certificate of the file's signatures and time-stamp tokens and the CA's current CRL, then a document
 * time-stamp over the whole file. Also what an archive time-stamp appends later (with a fresher CRL).
 */
export async function addLongTermValidation(pdf: Uint8Array, opts: LongTermOptions): Promise<Uint8Array> {
  const { workers, owner } = defaultRun(opts.run);
  const crl = await currentCrl(opts.ca, opts.now);
  // The file in a shared buffer (no copy when it is the seal just made): the workers read it as it is.
  const file = GrowingPdf.of(pdf);
  const dss = { pdf: file.bytes, certs: [opts.ca.der], crls: [crl.der] };
  const { update } = await workers.run('layoutDss', dss, owner);
  file.append(update);
  return addDocumentTimestamp(file.bytes, opts.tsa, opts.run);
}

/** A document time-stamp (/DocTimeStamp, ETSI.RFC3161) over the whole file, in an invisible field. */
export async function addDocumentTimestamp(
  pdf: Uint8Array,
  tsa: TsaOptions,
  run?: PdfRun,
): Promise<Uint8Array> {
  const { workers, owner } = defaultRun(run);
  const file = GrowingPdf.of(pdf).bytes;
  const layout = await workers.run(
    'layoutSignature',
    {
      pdf: file,
      field: { fieldPrefix: 'DocTimeStamp', stamp: null, signedAt: new Date(), kind: 'timestamp' },
      contentsSize: TIMESTAMP_CONTENTS_SIZE,
    },
    owner,
  );
  const token = await timestampDigest(tsa, layout.digest);
  return completeSignature(file, layout, new Uint8Array(token.toSchema().toBER()));
}
