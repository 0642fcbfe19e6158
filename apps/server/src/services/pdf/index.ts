/**
 * PDF signing service: what the signing feature calls.
 *
 *   const ca = await signingCaFromConfig(config.signing);            // once per process
 *   const { pdf, sha256, pages } = await prepareSignable(rendition, signees, meta, run); // when sending
 *   const tsa = timestampingFor(config.signing, ca);                 // outside TSA or the own unit
 *   pdf = await addSignature(pdf, { signer, method, signedAt, stampSlot, lang, ca, tsa }); // per signee
 *   pdf = await addPlatformSeal(pdf, { ca, tsa });                   // after the last signee
 *   const certificate = await buildCompletionCertificate(input, { ca, tsa });
 *   const { signatures } = await verifyWithPdfsig(pdf);              // checks (tests, admin)
 */
import path from 'node:path';
import { loadSigningCa, type SigningCa } from './ca/ca.ts';
import { SEAL_IDENTITY, TSA_IDENTITY } from './ca/identities.ts';
import { reprotectKeyFile } from './ca/key-files.ts';
import type { SigningConfig } from './config.ts';
import type { TsaOptions } from './tsa.ts';
import { TimestampUnit, timestampUnitOf } from './tsa-unit.ts';

export { loadSigningCa, type SigningCa, type SigningCaOptions } from './ca/ca.ts';
export { prepareForSigning, type PrepareMeta, type Signee } from './prepare.ts';
export { prepareSignable, type PrepareResult } from './prepare-signable.ts';
export { analyzeUpload } from './analyze.ts';
export type { PdfFindings } from './findings.ts';
export { PdfError, PDF_PROBLEMS, type PdfProblem } from './syntax/errors.ts';
export { PdfBusyError, pdfWorkers, type PdfRun } from './workers.ts';
export { addSignature, signatureImageOf, type AddSignatureOptions } from './sign.ts';
export { isDrawablePng, pngHeader } from './png.ts';
export type { SignatureMark } from './stamp.ts';
export type { FieldShown, FieldStamp } from './field-stamps.ts';
export { addPlatformSeal, type SealOptions } from './seal.ts';
export {
  buildCompletionCertificate,
  type CompletionEvent,
  type CompletionInput,
} from './completion-certificate.ts';
export { verifyWithPdfsig, parsePdfsigOutput, type PdfsigSignature, type PdfsigValidity } from './verify.ts';
export { TsaError, type TsaOptions } from './tsa.ts';
export { TimestampUnit, TimestampRequestError, timestampUnitOf } from './tsa-unit.ts';
export { currentCrl, type IssuedCrl } from './ca/crl.ts';
export { addLongTermValidation } from './long-term.ts';
export { verifySignedPdf } from './verification/index.ts';

const loaded = new Map<string, Promise<SigningCa>>();

/**
 * The instance's signing CA as configured (PKCS#12, or generated under DATA_DIR/signing-ca on first use),
 * loaded once per process and configuration; a failed load is retried on the next call.
 */
export function signingCaFromConfig(signing: SigningConfig): Promise<SigningCa> {
  const key = JSON.stringify([
    signing.caDir,
    signing.caP12,
    signing.caName,
    signing.publicUrl,
    signing.keyProtection,
  ]);
  let ca = loaded.get(key);
  if (!ca) {
    ca = loadSigningCa({
      dir: signing.caDir,
      p12: signing.caP12 ?? undefined,
      name: signing.caName,
      publicUrl: signing.publicUrl,
      protection: signing.keyProtection,
    });
    ca.catch(() => loaded.delete(key));
    loaded.set(key, ca);
  }
  return ca;
}

/**
 * At start: the private keys already stored under DATA_DIR/signing-ca (CA, seal, time-stamping unit) are
 * re-stored as configured, so plain keys become encrypted once SIGNING_KEYS_PASSPHRASE is set and keys under a
 * retired passphrase get the current one. Fails (the app does not start) when a key cannot be opened.
 * Returns the files rewritten.
 */
export async function protectStoredKeys(signing: SigningConfig): Promise<string[]> {
  if (!signing.caDir) return [];
  const files = [
    path.join(signing.caDir, 'ca', 'ca.key.pem'),
    ...[SEAL_IDENTITY, TSA_IDENTITY].map((s) => path.join(signing.caDir!, s.file)),
  ];
  const rewritten: string[] = [];
  for (const file of files) {
    if (await reprotectKeyFile(file, signing.keyProtection)) rewritten.push(file);
  }
  return rewritten;
}

/**
 * Who time-stamps every signature and the seal (PAdES B-T): the configured outside authority
 * (SIGNING_TSA_URL), or else the instance's own time-stamping unit.
 */
export function timestampingFor(signing: SigningConfig, ca: SigningCa, clock?: () => Date): TsaOptions {
  return signing.tsa ?? { unit: clock ? new TimestampUnit(ca, clock) : timestampUnitOf(ca) };
}
