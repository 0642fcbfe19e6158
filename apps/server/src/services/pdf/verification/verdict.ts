import type { DocumentChanges, VerificationVerdict, VerifiedSignature } from '@sinetti/contract';

type Checked = Omit<VerifiedSignature, 'status' | 'warnings'>;

/**
 * Whether the only change after a signature is to the document information or XMP metadata (title, author,
 * …): what the signer saw is unchanged, so without a lock that forbids it this is a warning, not invalid.
 */
export function onlyMetadata(c: DocumentChanges): boolean {
  return (
    c.metadataChanged === true &&
    c.pagesAdded.length + c.pagesRemoved.length + c.pagesContentChanged.length === 0 &&
    c.annotations.length + c.fields.length + c.otherObjectsChanged === 0
  );
}

/**
 * One signature's status and findings (docs/decisions.md "Signature verification" and "Verification
 * verdicts: trust by key, unreadable signatures, time-stamp validity (issue #30)"):
 * - invalid: the signature cannot be read, the byte range is malformed, the covered bytes do not match,
 *   the signature does not verify, a certificate impersonates one of this instance's identities, a
 *   certificate of its chain is revoked or was not valid at the proven time (for a document time-stamp:
 *   at the time it is relied on), its revision cannot be read, or a later change breaks the lock it set
 *   (DocMDP, FieldMDP: `modified-not-allowed`);
 * - untrusted: nothing of that, but the chain does not end at a trust anchor ("signer not verified");
 * - warning: anything that weakens but does not break it: incomplete chain, no (or a bad, untrusted,
 *   expired or revoked) time-stamp, unknown revocation status, an unsupported algorithm, changes after it;
 * - valid otherwise.
 * Changes after a signature are finally judged by `settleChanges` (they may be covered by a later signer).
 */
export function signatureStatus(
  s: Checked,
  unreadable: { unreadableRevision: boolean; unreadableContents: boolean },
): Pick<VerifiedSignature, 'status' | 'warnings'> {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (unreadable.unreadableContents) errors.push('contents-unreadable');
  if ((s.impersonates ?? []).length > 0) errors.push('impersonation');
  if (!s.byteRange.ok) errors.push('byte-range');
  if (s.intact === 'failed') errors.push('not-intact');
  if (s.signatureValid === 'failed') errors.push('signature-invalid');
  if (s.intact === 'unknown' || s.signatureValid === 'unknown') warnings.push('unsupported-algorithm');
  if (unreadable.unreadableRevision) errors.push('revision-unreadable');
  const certs = s.chain.certificates;
  if (certs.length === 0) errors.push('no-certificate');
  if (certs.some((c) => c.revocation === 'revoked')) errors.push('revoked');
  if (certs.some((c) => !c.validAtTime)) {
    errors.push(s.kind === 'document-timestamp' ? 'timestamp-expired' : 'certificate-not-valid-at-time');
  }
  if (certs.length > 0 && !s.chain.complete) warnings.push('chain-incomplete');
  if (certs.length > 0 && !s.chain.trusted) warnings.push('not-issued-by-this-service');
  const unknown = certs.filter((c) => c.revocation === 'unknown');
  if (unknown.some((c) => !c.revocationStale)) warnings.push('revocation-unknown');
  if (unknown.some((c) => c.revocationStale)) warnings.push('revocation-stale');
  if (s.kind === 'signature') {
    const ts = s.timestamp;
    const tsCerts = ts?.chain.certificates ?? [];
    if (!ts) warnings.push('no-timestamp');
    else if (!ts.valid) warnings.push('timestamp-invalid');
    else if (!ts.chain.trusted) warnings.push('timestamp-not-trusted');
    else if (tsCerts.some((c) => c.revocation === 'revoked')) warnings.push('timestamp-revoked');
    else if (tsCerts.some((c) => !c.validAtTime)) warnings.push('timestamp-expired');
  }
  // A change that the signature's own lock forbids is an error that no later signer can settle.
  if ((s.lockViolations ?? []).length > 0) errors.push('modified-not-allowed');
  else if (s.changes && onlyMetadata(s.changes)) warnings.push('metadata-changed-after-signing');
  else if (s.changes?.modified) warnings.push('modified-after-signing');
  const untrusted = certs.length > 0 && !s.chain.trusted;
  const status =
    errors.length > 0 ? 'invalid' : untrusted ? 'untrusted' : warnings.length > 0 ? 'warning' : 'valid';
  return { status, warnings: [...errors, ...warnings] };
}

/**
 * A modification after a signature that no later, valid and trusted signature covers (the final content was never
 * signed) makes the signature invalid; one that a later signer signed stays a warning.
 */
export function settleChanges(signatures: VerifiedSignature[]): VerifiedSignature[] {
  return signatures.map((s, i) => {
    if (!s.changes?.modified || s.status === 'invalid' || onlyMetadata(s.changes)) return s;
    const covered = signatures
      .slice(i + 1)
      .some(
        (later) =>
          later.kind === 'signature' &&
          (later.status === 'valid' || later.status === 'warning') &&
          !later.changes?.modified,
      );
    if (covered) return s;
    // The stronger finding replaces the milder one: nobody signed what it was changed into.
    const others = s.warnings.filter((w) => w !== 'modified-after-signing');
    return { ...s, status: 'invalid', warnings: ['modified-after-signing-unsigned', ...others] };
  });
}

/**
 * The overall verdict: unsigned without signatures, else the worst signature status (invalid, then
 * untrusted: "signer not verified", never a kind of valid; then warnings).
 */
export function overallVerdict(signatures: VerifiedSignature[]): VerificationVerdict {
  if (signatures.length === 0) return 'unsigned';
  if (signatures.some((s) => s.status === 'invalid')) return 'invalid';
  if (signatures.some((s) => s.status === 'untrusted')) return 'untrusted';
  if (signatures.some((s) => s.status === 'warning')) return 'warnings';
  return 'valid';
}
