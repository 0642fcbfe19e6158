/** Audit event kinds the app has words for (signing namespace, `events.*`); others read as "Other event". */
export const KNOWN_EVENTS = [
  'sent',
  'emailed',
  'opened',
  'viewed',
  'code-sent',
  'code-verified',
  'code-failed',
  'session-expired',
  'session-idle',
  'signed',
  'declined',
  'reminded',
  'expired',
  'cancelled',
  'failed',
  'completed',
  'downloaded',
  'archive-timestamped',
] as const;
export type KnownEvent = (typeof KNOWN_EVENTS)[number];

const known = new Set<string>(KNOWN_EVENTS);

/**
 * The kind of an audit event type as the app names it: 'signee.declined' and 'declined' are the same
 * kind; a type the app does not know yet is 'other' (shown with a generic label, never an error).
 */
export function eventKind(type: string): KnownEvent | 'other' {
  const plain = type.replace(/^(signee|round|document)\./, '');
  return known.has(plain) ? (plain as KnownEvent) : 'other';
}
