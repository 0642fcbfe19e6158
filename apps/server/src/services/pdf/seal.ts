import type { SigningCa } from './ca/ca.ts';
import { loadSealIdentity, SEAL_COMMON_NAME } from './ca/identities.ts';
import { signWithIdentity } from './sign.ts';
import { addLongTermValidation } from './long-term.ts';
import type { TsaOptions } from './tsa.ts';
import type { PdfRun } from './workers.ts';

export interface SealOptions {
  ca: SigningCa;
  tsa?: TsaOptions | null;
  signedAt?: Date;
  reason?: string;
  run?: PdfRun | undefined;
}

/**
 * Adds the platform's seal: the same PAdES signature as a signee's, made with the instance's seal key
 * (certificate CN "Sinetti platform seal", issued by the CA), in an invisible signature field (zero-size
 * widget on the first page, no stamp) that locks the document (FieldMDP, P 1: later changes are reported
 * as modifications). With a time-stamping authority it is followed by the DSS and a document time-stamp
 * (PAdES B-LTA, long-term.ts); without one (tests of B-B) it ends the file.
 */
export async function addPlatformSeal(pdf: Uint8Array, opts: SealOptions): Promise<Uint8Array> {
  const signedAt = opts.signedAt ?? new Date();
  const identity = await loadSealIdentity(opts.ca);
  const sealed = await signWithIdentity(
    pdf,
    identity,
    opts.ca,
    opts.tsa ?? null,
    {
      fieldPrefix: 'PlatformSeal',
      stamp: null,
      signedAt,
      name: SEAL_COMMON_NAME,
      reason: opts.reason ?? 'Sealed by the Sinetti platform',
      lock: true,
    },
    opts.run,
  );
  return opts.tsa ? addLongTermValidation(sealed, { ca: opts.ca, tsa: opts.tsa, run: opts.run }) : sealed;
}
