/**
 * PDF signing service: what the signing feature calls.
 *
 *   const ca = await signingCaFromConfig(config.signing);            // once per process
 *   const { pdf, sha256, pages } = await prepareSignable(rendition, signees, meta, run); // when sending
 *   pdf = await addSignature(pdf, { signer, method, signedAt, stampSlot, lang, ca, tsa }); // per signee
 *   pdf = await addPlatformSeal(pdf, { ca, tsa });                   // after the last signee
 *   const certificate = await buildCompletionCertificate(input, { ca, tsa });
 *   const { signatures } = await verifyWithPdfsig(pdf);              // checks (tests, admin)
 */
import { loadSigningCa, type SigningCa } from './ca/ca.ts';
import type { SigningConfig } from './config.ts';

export { loadSigningCa, type SigningCa, type SigningCaOptions } from './ca/ca.ts';
export { prepareForSigning, type PrepareMeta, type Signee } from './prepare.ts';
export { prepareSignable, type PrepareResult } from './prepare-signable.ts';
export { PdfError, PDF_PROBLEMS, type PdfProblem } from './syntax/errors.ts';
export { PdfBusyError, pdfWorkers, type PdfRun } from './workers.ts';
export { addSignature, type AddSignatureOptions } from './sign.ts';
export { addPlatformSeal, type SealOptions } from './seal.ts';
export {
  buildCompletionCertificate,
  type CompletionEvent,
  type CompletionInput,
} from './completion-certificate.ts';
export { verifyWithPdfsig, parsePdfsigOutput, type PdfsigSignature, type PdfsigValidity } from './verify.ts';
export type { TsaOptions } from './tsa.ts';

const loaded = new Map<string, Promise<SigningCa>>();

/**
 * The instance's signing CA as configured (PKCS#12, or generated under DATA_DIR/signing-ca on first use),
 * loaded once per process and configuration; a failed load is retried on the next call.
 */
export function signingCaFromConfig(signing: SigningConfig): Promise<SigningCa> {
  const key = JSON.stringify([signing.caDir, signing.caP12, signing.caHost]);
  let ca = loaded.get(key);
  if (!ca) {
    ca = loadSigningCa({ dir: signing.caDir, p12: signing.caP12 ?? undefined, host: signing.caHost });
    ca.catch(() => loaded.delete(key));
    loaded.set(key, ca);
  }
  return ca;
}
