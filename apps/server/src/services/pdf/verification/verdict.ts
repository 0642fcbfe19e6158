import type { VerificationVerdict, VerifiedSignature } from '@sinetti/contract';

type Checked = Omit<VerifiedSignature, 'status' | 'warnings'>;

/**
 * One signature's status and findings (docs/decisions.md "Signature verification"):
 * - invalid: the byte range is malformed, the covered bytes do not match, the signature does not verify,
 *   a certificate of its chain is revoked or was not valid at the proven time, its revision cannot be read,
 *   or a later change breaks the lock it set (DocMDP, FieldMDP: `modified-not-allowed`);
 * - warning: anything that weakens but does not break it: not issued by this service, incomplete chain,
 *   no (or a bad) time-stamp, unknown revocation status, an unsupported algorithm, changes after it;
 * - valid otherwise.
 * Changes after a signature are finally judged by `settleChanges` (they may be covered by a later signer).
 */
export function signatureStatus(
  s: Checked,
  unreadableRevision: boolean,
): Pick<VerifiedSignature, 'status' | 'warnings'> {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!s.byteRange.ok) errors.push('byte-range');
  if (s.intact === 'failed') errors.push('not-intact');
  if (s.signatureValid === 'failed') errors.push('signature-invalid');
  if (s.intact === 'unknown' || s.signatureValid === 'unknown') warnings.push('unsupported-algorithm');
  if (unreadableRevision) errors.push('revision-unreadable');
  const certs = s.chain.certificates;
  if (certs.length === 0) errors.push('no-certificate');
  if (certs.some((c) => c.revocation === 'revoked')) errors.push('revoked');
  if (certs.some((c) => !c.validAtTime)) errors.push('certificate-not-valid-at-time');
  if (certs.length > 0 && !s.chain.complete) warnings.push('chain-incomplete');
  if (certs.length > 0 && !s.chain.trusted) warnings.push('not-issued-by-this-service');
  const unknown = certs.filter((c) => c.revocation === 'unknown');
  if (unknown.some((c) => !c.revocationStale)) warnings.push('revocation-unknown');
  if (unknown.some((c) => c.revocationStale)) warnings.push('revocation-stale');
  if (s.kind === 'signature') {
    if (!s.timestamp) warnings.push('no-timestamp');
    else if (!s.timestamp.valid) warnings.push('timestamp-invalid');
    else if (!s.timestamp.chain.trusted) warnings.push('timestamp-not-trusted');
  }
  // A change that the signature's own lock forbids is an error that no later signer can settle.
  if ((s.lockViolations ?? []).length > 0) errors.push('modified-not-allowed');
  else if (s.changes?.modified) warnings.push('modified-after-signing');
  const status = errors.length > 0 ? 'invalid' : warnings.length > 0 ? 'warning' : 'valid';
  return { status, warnings: [...errors, ...warnings] };
}

/**
 * A modification after a signature that no later, valid signature covers (the final content was never
 * signed) makes the signature invalid; one that a later signer signed stays a warning.
 */
export function settleChanges(signatures: VerifiedSignature[]): VerifiedSignature[] {
  return signatures.map((s, i) => {
    if (!s.changes?.modified || s.status === 'invalid') return s;
    const covered = signatures
      .slice(i + 1)
      .some((later) => later.kind === 'signature' && later.status !== 'invalid' && !later.changes?.modified);
    if (covered) return s;
    // The stronger finding replaces the milder one: nobody signed what it was changed into.
    const others = s.warnings.filter((w) => w !== 'modified-after-signing');
    return { ...s, status: 'invalid', warnings: ['modified-after-signing-unsigned', ...others] };
  });
}

/** The overall verdict: unsigned without signatures, else the worst signature status. */
export function overallVerdict(signatures: VerifiedSignature[]): VerificationVerdict {
  if (signatures.length === 0) return 'unsigned';
  if (signatures.some((s) => s.status === 'invalid')) return 'invalid';
  if (signatures.some((s) => s.status === 'warning')) return 'warnings';
  return 'valid';
}
