import type { SignedData } from 'pkijs';
import {
  ARCHIVE_DUE_MONTHS,
  type VerificationReport,
  type VerifiedChain,
  type VerifiedSignature,
} from '@sinetti/contract';
import { describeChain, type TrustContext } from './chain.ts';
import { checkTimestampToken, type TokenCheck } from './cms-check.ts';

/** The part of a found signature the time-stamp checks need. */
interface Stamped {
  byteRange: number[];
  contents: Uint8Array;
  docTimeStamp: boolean;
  problem: string | null;
}

/**
 * Whether the byte range is exactly the file minus the `<…>` of /Contents ([0 b c d], 0 < b < c, c + d
 * within the file). Null when it is; else the problem.
 */
export function byteRangeProblem(range: number[], contentsLength: number, pdf: Uint8Array): string | null {
  if (range.length !== 4 || !range.every((n) => Number.isSafeInteger(n) && n >= 0)) return 'malformed';
  const [a, b, c, d] = range as [number, number, number, number];
  if (a !== 0) return 'not-from-start';
  if (b <= 0 || c <= b) return 'overlap';
  if (c + d > pdf.length) return 'beyond-file';
  const gap = pdf[b] === 0x3c && pdf[c - 1] === 0x3e && c - b - 2 === contentsLength * 2;
  return gap ? null : 'gap-not-contents';
}

const tokens = new WeakMap<Stamped, TokenCheck | null>();

/** The token of a document time-stamp checked over the bytes it covers (null: none, or a bad byte range). */
export function documentToken(s: Stamped, cms: SignedData | null, pdf: Uint8Array): TokenCheck | null {
  if (!s.docTimeStamp || !cms || s.problem) return null;
  if (!tokens.has(s)) {
    const [, b = 0, c = 0, d = 0] = s.byteRange;
    const ok = byteRangeProblem(s.byteRange, s.contents.length, pdf) === null;
    tokens.set(s, ok ? checkTimestampToken(cms, [pdf.subarray(0, b), pdf.subarray(c, c + d)]) : null);
  }
  return tokens.get(s)!;
}

/**
 * Whether a time-stamp authority's chain, judged at the time the time-stamp is relied on, holds: it ends at
 * a trust anchor, every certificate is valid then (and at the token's own time), none is revoked by then.
 */
export const chainHolds = (chain: VerifiedChain): boolean =>
  chain.trusted && chain.certificates.every((c) => c.validAtTime && c.revocation !== 'revoked');

/**
 * The proof of existence after each signature (ETSI EN 319 102-1 §5.6.2.2, past signature validation): the
 * earliest time of a document (archive) time-stamp after it that holds, or null. Checked newest first: the
 * newest document time-stamp is relied on at the validation time `now`; each older one at the time of the
 * next one that holds. A time-stamp whose authority expired or was revoked before the next proof no longer
 * proves anything, and neither does anything that rests only on it.
 */
export function proofsOfExistence(
  ordered: { s: Stamped; cms: SignedData | null }[],
  pdf: Uint8Array,
  now: Date,
  ctx: TrustContext,
): (Date | null)[] {
  const poe: (Date | null)[] = ordered.map(() => null);
  let earliest: Date | null = null;
  for (let i = ordered.length - 1; i >= 0; i--) {
    poe[i] = earliest;
    const { s, cms } = ordered[i]!;
    const token = documentToken(s, cms, pdf);
    if (!token?.valid) continue;
    const chain = describeChain(token.cert, earliest ?? now, ctx, token.time);
    if (chainHolds(chain) && (earliest === null || token.time < earliest)) earliest = token.time;
  }
  return poe;
}

/**
 * The state of the newest time-stamp (in file order: the last document or archive time-stamp, else the last
 * signature time-stamp), on which every earlier proof rests: it must hold at the validation time, and an
 * archive time-stamp is due when its authority's chain ends within ARCHIVE_DUE_MONTHS.
 */
export function longTermState(
  signatures: VerifiedSignature[],
  now: Date,
): NonNullable<VerificationReport['longTerm']> {
  const newest = signatures.findLast((s) => s.timestamp !== null)?.timestamp;
  if (!newest) return { state: 'none', newestTimestamp: null, validUntil: null };
  const certs = newest.chain.certificates;
  const ends = certs.map((c) => Date.parse(c.notAfter));
  const validUntil = ends.length > 0 ? new Date(Math.min(...ends)) : null;
  const base = { newestTimestamp: newest.time, validUntil: validUntil?.toISOString() ?? null };
  if (!newest.valid || !newest.chain.trusted || certs.some((c) => c.revocation === 'revoked')) {
    return { state: 'not-valid', ...base };
  }
  if (certs.some((c) => !c.validAtTime)) return { state: 'expired', ...base };
  const dueFrom = new Date(now);
  dueFrom.setUTCMonth(dueFrom.getUTCMonth() + ARCHIVE_DUE_MONTHS);
  return { state: validUntil && validUntil <= dueFrom ? 'due' : 'ok', ...base };
}
