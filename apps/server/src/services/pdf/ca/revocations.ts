import type { Certificate } from 'pkijs';
import type { SigningCa } from './ca.ts';
import { keyIdentifier } from './certificates.ts';

/** RFC 5280 §5.3.1 CRLReason codes an operator may give (certificateHold is not offered: revocation is final). */
export const REVOCATION_REASONS = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;

export const isRevocationReason = (value: string): value is RevocationReason =>
  Object.hasOwn(REVOCATION_REASONS, value);

/** One revoked certificate of a CA, as its CRL lists it. */
export interface RevokedCertificate {
  /** Serial number, hex. */
  serialNumber: string;
  /** From when signatures by the key count as revoked. */
  revokedAt: Date;
  reason: RevocationReason;
}

/** Where the revoked certificates of a CA (by its key identifier, hex) are kept: the database (app.ts). */
export type RevocationSource = (caKeyId: string) => Promise<RevokedCertificate[]>;

let source: RevocationSource | null = null;
const REFRESH_MS = 30_000;
const cache = new Map<string, { at: number; list: Promise<RevokedCertificate[]> }>();

/**
 * Sets where revocations are read (once per process, at start: app.ts and the signing-keys command). Without a
 * source nothing is revoked (tests of the PDF service alone). The list is re-read at most every 30 seconds,
 * so a revocation recorded by the operator command reaches running processes within that time.
 */
export function useRevocationSource(next: RevocationSource | null): () => void {
  source = next;
  cache.clear();
  // Undoes this registration unless a later one replaced it (an app closing in a test that built several).
  return () => {
    if (source === next) useRevocationSource(null);
  };
}

export const caKeyId = (ca: SigningCa | Certificate): string =>
  Buffer.from(keyIdentifier('certificate' in ca ? ca.certificate : ca)).toString('hex');

export const serialHex = (cert: Certificate): string =>
  Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex');

/** The revoked certificates of `ca` (sorted by serial number), as last read from the source. */
export async function revokedCertificates(ca: SigningCa, now = Date.now()): Promise<RevokedCertificate[]> {
  if (!source) return [];
  const id = caKeyId(ca);
  const cached = cache.get(id);
  if (cached && now - cached.at < REFRESH_MS && now >= cached.at) return cached.list;
  const list = source(id).then((rows) =>
    [...rows].sort((a, b) => (a.serialNumber < b.serialNumber ? -1 : 1)),
  );
  cache.set(id, { at: now, list });
  list.catch(() => cache.delete(id));
  return list;
}

/** Forgets the cached list (the operator command, right after it recorded a revocation). */
export function refreshRevocations(): void {
  cache.clear();
}

/** Whether `cert` (issued by `ca`) is revoked at `at` (its revocation time is at or before it). */
export async function isRevoked(ca: SigningCa, cert: Certificate, at: Date): Promise<boolean> {
  const serial = serialHex(cert);
  return (await revokedCertificates(ca, at.getTime())).some(
    (r) => r.serialNumber === serial && r.revokedAt.getTime() <= at.getTime(),
  );
}
