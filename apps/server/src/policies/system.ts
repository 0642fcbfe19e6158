import { grant, type Authorized } from './authorized.ts';
import type { DocumentRef } from './documents.ts';

/**
 * The ways in for callers without an actor (docs/decisions.md "System access"). Each is a path that found
 * the document by something a member's request cannot name: a secret token hashed and looked up, or a job
 * this server queued. A reason says which, so every use is greppable (`systemAccess('…'`), and lint keeps
 * this module out of routes/: a route holds only ids from the request, which it authorizes for an actor.
 */
export type SystemReason =
  /** A signee's link or signing-session token led to the round and its document (public signing). */
  | 'signing-token'
  /** An active share link's token led to the document (openShare checks its maker may still see it). */
  | 'share-link'
  /** A job of this server's queue names the round (sealing, signing follow-ups). */
  | 'job';

/**
 * Brands a document that a token or a job led to, for the reads of its sub-objects (versions, rounds,
 * signees, signed PDF). It takes the document row (or its reference) that the token's or job's own lookup
 * answered, never a request's id; only commands/ import it.
 */
export function systemAccess<T extends DocumentRef>(
  _reason: SystemReason,
  document: T,
): Authorized<T, 'system'> {
  return grant(document, 'system');
}
