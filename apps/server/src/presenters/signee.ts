import type { Signee, SigneeIdentification, SigningMethodId } from '@sinetti/contract';
import { fullNameOf, toLevel } from '../commands/signing/common.ts';
import type { SigneeRow } from '../queries/signing/signees.ts';

export interface SigneeView {
  /** Method names of the price list (the method's id when absent). */
  methodNames?: ReadonlyMap<string, string>;
  /** What an eID or QTSP proved about signees in the current round. */
  identifications?: ReadonlyMap<string, SigneeIdentification>;
  /** Signees inside an open signing session now. */
  signing?: ReadonlySet<string>;
  /** The caller's account e-mail (lower case). */
  callerEmail?: string;
  /** The caller's own signing link, for their own entry only. */
  signingLink?: string;
  /** The document's latest round was declined by this signee (shown until the next send). */
  declined?: { signeeId: string; at: Date; reason: string };
}

/**
 * Another signee declined the latest round, which this signee was part of (added before the decline): that
 * round waits for no one any more, so this signee is not "waiting" (issue #31 item 3) until the next send.
 */
function stoppedByDecline(row: SigneeRow, view: SigneeView): boolean {
  return view.declined !== undefined && row.createdAt <= view.declined.at;
}

/** The contract's Signee: never another signee's link, never tokens or positions. */
export function presentSignee(row: SigneeRow, view: SigneeView = {}): Signee {
  const isMe = view.callerEmail !== undefined && row.email === view.callerEmail;
  const declined = view.declined?.signeeId === row.id ? view.declined : undefined;
  const status =
    row.status === 'signed'
      ? 'signed'
      : declined
        ? 'declined'
        : stoppedByDecline(row, view)
          ? 'stopped'
          : view.signing?.has(row.id)
            ? 'signing'
            : 'pending';
  return {
    id: row.id,
    fullName: fullNameOf(row),
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    language: row.language,
    level: toLevel(row.level),
    method: row.method as SigningMethodId,
    methodName: view.methodNames?.get(row.method) ?? row.method,
    identification: view.identifications?.get(row.id) ?? null,
    status,
    group: row.signingGroup,
    signedAt: row.signedAt?.toISOString() ?? null,
    ...(declined ? { declinedAt: declined.at.toISOString(), declineReason: declined.reason } : {}),
    isMe,
    ...(isMe && view.signingLink ? { signingLink: view.signingLink } : {}),
  };
}
