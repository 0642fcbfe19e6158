import { AppError } from '../../lib/errors.ts';

/**
 * True when an open round has passed the expiry its sender set. Such a round takes no more starts or
 * signatures at once, even before the follow-up job ends it and refunds (it runs every few minutes).
 */
export function pastExpiry(process: { state: string; expiresAt: Date | null }, now: Date): boolean {
  return process.state === 'signing' && process.expiresAt !== null && process.expiresAt <= now;
}

export const roundExpiredError = () =>
  new AppError('CONFLICT', 'The time for signing this document has ended.').because('SIGNING_EXPIRED');
