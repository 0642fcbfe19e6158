import type { Certificate, SignedData } from 'pkijs';
import type { CheckState, DocumentChanges, SignatureLock, VerifiedSignature } from '@sinetti/contract';
import type { PdfDict } from '../syntax/objects.ts';
import { assuranceOf } from './assurance.ts';
import { chainInDss, describeChain, type TrustContext } from './chain.ts';
import {
  checkSigner,
  checkTimestampToken,
  claimedSigningTime,
  describeSigner,
  parseSignedData,
  signatureTimestamp,
  type TokenCheck,
} from './cms-check.ts';
import { lockViolations } from './locks.ts';
import { parsePdfDate } from './structure.ts';
import { signatureStatus } from './verdict.ts';

/** A signature dictionary as found in the file. */
export interface FoundSignature {
  field: string;
  dict: PdfDict;
  byteRange: number[];
  contents: Uint8Array;
  subFilter: string;
  docTimeStamp: boolean;
  /** The lock its /Reference sets (DocMDP, FieldMDP). */
  lock: SignatureLock | null;
}

export interface SignatureEnv {
  pdf: Uint8Array;
  now: Date;
  ctx: TrustContext;
  dssKeys: Set<string>;
  dssCerts: Certificate[];
  /** The signatures after this one (by the end of their byte ranges). */
  later: FoundSignature[];
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
  size: number,
): VerifiedSignature['byteRange'] {
  const fail = (problem: string) => ({ ok: false, wholeFile: false, problem });
  if (range.length !== 4 || !range.every((n) => Number.isSafeInteger(n) && n >= 0)) return fail('malformed');
  const [a, b, c, d] = range as [number, number, number, number];
  if (a !== 0) return fail('not-from-start');
  if (b <= 0 || c <= b) return fail('overlap');
  if (c + d > size) return fail('beyond-file');
  return { ok: true, wholeFile: c + d === size, problem: null };
}

function gapIsContents(pdf: Uint8Array, b: number, c: number, contentsLength: number): boolean {
  return pdf[b] === 0x3c && pdf[c - 1] === 0x3e && c - b - 2 === contentsLength * 2;
}

function timestampOf(token: TokenCheck | null, env: SignatureEnv): VerifiedSignature['timestamp'] {
  if (!token) return null;
  return {
    time: token.time.toISOString(),
    valid: token.valid,
    authority: describeSigner(token.cert).name,
    chain: describeChain(token.cert, token.time, env.ctx),
  };
}

function laterDocumentTimestamp(env: SignatureEnv): boolean {
  return env.later.some((s) => {
    if (!s.docTimeStamp) return false;
    const [, b = 0, c = 0, d = 0] = s.byteRange;
    const signed = parseSignedData(s.contents);
    const token = signed && checkTimestampToken(signed, [env.pdf.subarray(0, b), env.pdf.subarray(c, c + d)]);
    return token?.valid === true;
  });
}

/** Checks one signature or document time-stamp. */
export function checkSignature(
  s: FoundSignature,
  cms: SignedData | null,
  env: SignatureEnv,
): VerifiedSignature {
  const byteRange = checkByteRange(s.byteRange, s.contents.length, env.pdf.length);
  const [, b = 0, c = 0, d = 0] = s.byteRange;
  if (byteRange.ok && !gapIsContents(env.pdf, b, c, s.contents.length)) {
    Object.assign(byteRange, { ok: false, problem: 'gap-not-contents' });
  }
  const covered = byteRange.ok ? [env.pdf.subarray(0, b), env.pdf.subarray(c, c + d)] : [];
  const info = cms?.signerInfos[0];
  let intact: CheckState = 'failed';
  let signatureValid: CheckState = 'failed';
  let cert: Certificate | null = null;
  let token: TokenCheck | null = null;
  if (cms && info && s.docTimeStamp) {
    token = byteRange.ok ? checkTimestampToken(cms, covered) : null;
    intact = token?.imprintOk ? 'ok' : 'failed';
    signatureValid = token?.signatureOk ? 'ok' : 'failed';
    cert = token?.cert ?? null;
  } else if (cms && info) {
    const checked = byteRange.ok ? checkSigner(cms, covered) : null;
    intact = checked?.intact ?? 'failed';
    signatureValid = checked?.signatureValid ?? 'failed';
    cert = checked?.cert ?? null;
    token = signatureTimestamp(info);
  }
  const timestamp = s.docTimeStamp ? null : timestampOf(token, env);
  const provenTime = token?.valid ? token.time : env.now;
  const chain = describeChain(cert, provenTime, env.ctx);
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
        if (laterDocumentTimestamp(env)) level = 'B-LTA';
      }
    }
  }
  const changes = byteRange.ok && !byteRange.wholeFile ? env.changesSince(c + d) : null;
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
  };
  const unreadableRevision = byteRange.ok && !byteRange.wholeFile && changes === null;
  return { ...result, ...signatureStatus(result, unreadableRevision) };
}
