import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** pdfsig's "Signature Validation" outcomes (poppler's SignatureValidationStatus). */
export type PdfsigValidity =
  | 'valid'
  | 'invalid'
  | 'digest-mismatch'
  | 'decoding-error'
  | 'generic-error'
  | 'not-found'
  | 'not-verified'
  | 'unknown';

export interface PdfsigSignature {
  /** The signature field's name. */
  name: string;
  /** The signer certificate's common name. */
  signedBy: string;
  signerDn: string;
  validity: PdfsigValidity;
  /** pdfsig's own words, e.g. "Signature is Valid." */
  validation: string;
  /** Whether the signed ranges reach the end of the file (pdfsig's "Total document signed"). */
  coversWholeDocument: boolean;
  subFilter: string;
  signedRanges: [number, number][];
  signingTime: string;
}

const VALIDITY: Record<string, PdfsigValidity> = {
  'Signature is Valid.': 'valid',
  'Signature is Invalid.': 'invalid',
  'Digest Mismatch.': 'digest-mismatch',
  "Document isn't signed or corrupted data.": 'decoding-error',
  'Signature has not yet been verified.': 'not-verified',
  'Unknown Validation Failure.': 'unknown',
};

/** Turns pdfsig's text report into one record per signature (its exit code says nothing about validity). */
export function parsePdfsigOutput(output: string): PdfsigSignature[] {
  const signatures: PdfsigSignature[] = [];
  let current: PdfsigSignature | undefined;
  for (const line of output.split(/\r?\n/)) {
    if (/^Signature #\d+:/.test(line)) {
      current = {
        name: '',
        signedBy: '',
        signerDn: '',
        validity: 'unknown',
        validation: '',
        coversWholeDocument: false,
        subFilter: '',
        signedRanges: [],
        signingTime: '',
      };
      signatures.push(current);
      continue;
    }
    const m = /^\s+- (.*?)(?:: (.*))?$/.exec(line);
    if (!current || !m) continue;
    const [, key = '', value = ''] = m;
    if (key === 'Signature Field Name') current.name = value;
    else if (key === 'Signer Certificate Common Name') current.signedBy = value;
    else if (key === 'Signer full Distinguished Name') current.signerDn = value;
    else if (key === 'Signing Time') current.signingTime = value;
    else if (key === 'Signature Type') current.subFilter = value;
    else if (key === 'Signed Ranges') {
      current.signedRanges = [...value.matchAll(/\[(\d+) - (\d+)\]/g)].map((r) => [
        Number(r[1]),
        Number(r[2]),
      ]);
    } else if (key === 'Total document signed') current.coversWholeDocument = true;
    else if (key === 'Not total document signed') current.coversWholeDocument = false;
    else if (key === 'Signature Validation') {
      current.validation = value;
      current.validity = VALIDITY[value] ?? 'unknown';
    }
  }
  return signatures;
}

/**
 * Checks every signature of a PDF with poppler's `pdfsig -nocert` (the cryptographic signature and
 * the digest of the signed ranges; certificate trust is not checked: the CA is the instance's own).
 */
export async function verifyWithPdfsig(
  pdf: Uint8Array,
  opts: { pdfsig?: string; timeoutMs?: number } = {},
): Promise<{ signatures: PdfsigSignature[]; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sinetti-pdfsig-'));
  const file = path.join(dir, 'document.pdf');
  try {
    await writeFile(file, pdf);
    let output: string;
    try {
      const { stdout } = await run(opts.pdfsig ?? 'pdfsig', ['-nocert', file], {
        timeout: opts.timeoutMs ?? 60_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      output = stdout;
    } catch (error) {
      // pdfsig exits non-zero for files without signatures; a missing binary is a real error.
      const e = error as NodeJS.ErrnoException & { stdout?: string };
      if (e.code === 'ENOENT' || typeof e.stdout !== 'string') throw error;
      output = e.stdout;
    }
    return { signatures: parsePdfsigOutput(output), output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
