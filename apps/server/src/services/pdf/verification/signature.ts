import type { Certificate, SignedData } from 'pkijs';
import type {
  CheckState,
  DocumentChanges,
  SignatureLock,
  VerifiedChain,
  VerifiedSignature,
} from '@sinetti/contract';
import type { PdfDict } from '../syntax/objects.ts';
import { assuranceOf } from './assurance.ts';
import { chainInDss, describeChain, type TrustContext } from './chain.ts';
import {
  checkSigner,
  claimedSigningTime,
  describeSigner,
  signatureTimestamp,
  type SignerCheck,
  type TokenCheck,
} from './cms-check.ts';
import { lockViolations } from './locks.ts';
import { parsePdfDate } from './structure.ts';
import { byteRangeProblem, chainHolds, documentToken } from './timestamps.ts';
import { signatureStatus } from './verdict.ts';

/** A signature dictionary as found in the file (every signature field with a value, readable or not). */
export interface FoundSignature {
  field: string;
  /** The field's object number (null: a direct object). */
  fieldNum: number | null;
  dict: PdfDict;
  byteRange: number[];
  contents: Uint8Array;
  subFilter: string;
  docTimeStamp: boolean;
  /** The lock its /Reference sets (DocMDP, FieldMDP). */
  lock: SignatureLock | null;
  /**
   * Why the signature cannot be read at all (no /ByteRange, no /Contents string, the value is not a
   * dictionary); null when it can be.
   */
  problem: string | null;
}

export interface SignatureEnv {
  pdf: Uint8Array;
  now: Date;
  ctx: TrustContext;
  dssKeys: Set<string>;
  dssCerts: Certificate[];
  /** The earliest time of a document (archive) time-stamp after this signature that holds (proofsOfExistence). */
  poe: Date | null;
  /** What changed between the revision ending at `end` and the final file (null: that revision is unreadable). */
  changesSince: (end: number) => DocumentChanges | null;
}

/**
 * ByteRange sanity: four integers [0 b c d] with 0 < b < c, c + d within the file, and the gap [b, c)
 * exactly the /Contents hex string (`<` … `>`), so that nothing but the signature itself is left out.
 */
export function checkByteRange(
  range: number[],
  contentsLength: number,
  pdf: Uint8Array,
): VerifiedSignature['byteRange'] {
  const problem = byteRangeProblem(range, contentsLength, pdf);
  if (problem !== null) return { ok: false, wholeFile: false, problem };
  return { ok: true, wholeFile: range[2]! + range[3]! === pdf.length, problem: null };
}

function timestampOf(token: TokenCheck | null, chain: VerifiedChain | null): VerifiedSignature['timestamp'] {
  if (!token || !chain) return null;
  return {
    time: token.time.toISOString(),
    valid: token.valid,
    authority: describeSigner(token.cert).name,
    chain,
  };
}

const signerChecks = new WeakMap<FoundSignature, SignerCheck | null>();

/** The signer's check over the bytes the signature covers (null: no CMS, or a bad byte range), once each. */
function signerCheck(s: FoundSignature, cms: SignedData | null, pdf: Uint8Array): SignerCheck | null {
  if (!signerChecks.has(s)) {
    const [, b = 0, c = 0, d = 0] = s.byteRange;
    const ok = !s.problem && byteRangeProblem(s.byteRange, s.contents.length, pdf) === null;
    signerChecks.set(s, cms && ok ? checkSigner(cms, [pdf.subarray(0, b), pdf.subarray(c, c + d)]) : null);
  }
  return signerChecks.get(s)!;
}

/**
 * Whether a signature (or document time-stamp) verifies over the bytes it covers: their digest is the one
 * signed and the signature over it is valid. Only such a signature vouches for what its own update wrote
 * (its widget, the field values drawn with it) in what changed after an earlier one (changes.ts); whose it
 * is and whether it is trusted are its own findings.
 */
export function verifiesOverItsBytes(s: FoundSignature, cms: SignedData | null, pdf: Uint8Array): boolean {
  if (s.docTimeStamp) {
    const token = documentToken(s, cms, pdf);
    return token !== null && token.imprintOk && token.signatureOk;
  }
  const checked = signerCheck(s, cms, pdf);
  return checked?.intact === 'ok' && checked.signatureValid === 'ok';
}

const earliest = (...times: (Date | null)[]) =>
  times.filter((t): t is Date => t !== null).reduce((a, b) => (b < a ? b : a));

/**
 * Checks one signature or document time-stamp. Its time-stamp is relied on at the time of the next proof
 * of existence (`env.poe`) or, without one, at the validation time; the signer's chain is judged at the
 * earliest proven time (a signature time-stamp that holds, a later document time-stamp, else now).
 */
export function checkSignature(
  s: FoundSignature,
  cms: SignedData | null,
  env: SignatureEnv,
): VerifiedSignature {
  const byteRange = s.problem
    ? { ok: false, wholeFile: false, problem: s.problem }
    : checkByteRange(s.byteRange, s.contents.length, env.pdf);
  const [, , c = 0, d = 0] = s.byteRange;
  const info = cms?.signerInfos[0];
  const reliedAt = env.poe ?? env.now;
  let intact: CheckState = 'failed';
  let signatureValid: CheckState = 'failed';
  let cert: Certificate | null = null;
  let token: TokenCheck | null = null;
  let chain: VerifiedChain;
  let timestamp: VerifiedSignature['timestamp'];
  if (cms && info && s.docTimeStamp) {
    token = byteRange.ok ? documentToken(s, cms, env.pdf) : null;
    intact = token?.imprintOk ? 'ok' : 'failed';
    signatureValid = token?.signatureOk ? 'ok' : 'failed';
    cert = token?.cert ?? null;
    chain = describeChain(cert, reliedAt, env.ctx, token?.time);
    timestamp = timestampOf(token, chain);
  } else {
    if (cms && info) {
      const checked = signerCheck(s, cms, env.pdf);
      intact = checked?.intact ?? 'failed';
      signatureValid = checked?.signatureValid ?? 'failed';
      cert = checked?.cert ?? null;
      token = signatureTimestamp(info);
    }
    const tokenChain = token ? describeChain(token.cert, reliedAt, env.ctx, token.time) : null;
    timestamp = timestampOf(token, tokenChain);
    const holds = token?.valid === true && tokenChain !== null && chainHolds(tokenChain);
    chain = describeChain(cert, earliest(holds ? token!.time : null, env.poe, env.now), env.ctx);
  }
  const claimed = parsePdfDate(s.dict.get('M')) ?? (info ? claimedSigningTime(info) : null);
  let level: VerifiedSignature['level'] = 'PKCS7';
  if (s.docTimeStamp) level = 'document-timestamp';
  else if (s.subFilter === 'ETSI.CAdES.detached') {
    level = 'B-B';
    if (timestamp?.valid) {
      level = 'B-T';
      const inDss = (ch: typeof chain) => chainInDss(ch, env.dssKeys, env.dssCerts);
      if (inDss(chain) && inDss(timestamp.chain)) {
        level = 'B-LT';
        if (env.poe !== null) level = 'B-LTA';
      }
    }
  }
  const changes = byteRange.ok && !byteRange.wholeFile ? env.changesSince(c + d) : null;
  const impersonates = [
    ...new Set(
      [...chain.certificates, ...(s.docTimeStamp ? [] : (timestamp?.chain.certificates ?? []))].flatMap(
        (x) => (x.impersonates ? [x.impersonates] : []),
      ),
    ),
  ];
  const result: Omit<VerifiedSignature, 'status' | 'warnings'> = {
    field: s.field,
    kind: s.docTimeStamp ? 'document-timestamp' : 'signature',
    subFilter: s.subFilter,
    signer: describeSigner(cert),
    claimedTime: claimed ? claimed.toISOString() : null,
    timestamp,
    level,
    byteRange,
    intact,
    signatureValid,
    chain,
    changes,
    lock: s.lock,
    lockViolations: changes ? lockViolations(s.lock, changes) : [],
    ...(s.docTimeStamp ? {} : { assurance: assuranceOf(cert, chain) }),
    impersonates,
  };
  const unreadableRevision = byteRange.ok && !byteRange.wholeFile && changes === null;
  return { ...result, ...signatureStatus(result, { unreadableRevision, unreadableContents: !cms }) };
}
