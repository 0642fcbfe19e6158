import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { bumpCounter, secondsUntil } from '../../http/rate-limit.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailConfig } from './config.ts';

export interface MailQuotaRequest {
  /** The organization whose action causes the e-mails. */
  organizationId: string;
  /** One entry per e-mail to be sent. */
  recipients: readonly string[];
  /**
   * false: count the e-mails but never refuse them. For notices that must go out once the change they
   * tell about is allowed (a cancellation: stopping a signing is never refused).
   */
  enforce?: boolean;
}

/**
 * Reserves room for outgoing e-mails in the hourly limits per organization and per recipient address
 * (MAIL_LIMIT_PER_ORGANIZATION, MAIL_LIMIT_PER_RECIPIENT; counters in PostgreSQL, shared by every
 * process). Call it inside the transaction that enqueues the mails, before enqueueing: when a limit
 * would be passed it throws 429 RATE_LIMITED (reason MAIL_LIMIT_ORGANIZATION or MAIL_LIMIT_RECIPIENT,
 * details.retryAfterSeconds and Retry-After), the transaction rolls back, and the refused attempt
 * costs nothing. Used by signing requests, cancellations, code e-mails and organization invitations.
 */
export async function reserveMailQuota(
  db: DbOrTx,
  clock: Clock,
  config: MailConfig,
  request: MailQuotaRequest,
): Promise<void> {
  if (request.recipients.length === 0) return;
  const { perOrganization, perRecipient, windowMs } = config.limits;
  const enforce = request.enforce ?? true;
  // Lock order (docs/decisions.md "Lock order in an organization"): the organization's row before the
  // organization's counter, then recipients in one order, so concurrent transactions never deadlock.
  await lockOrganizationForMail(db, request.organizationId);
  const org = await bumpCounter(
    db,
    clock,
    `mail-org:${request.organizationId}`,
    windowMs,
    request.recipients.length,
  );
  if (enforce && org.count > perOrganization) throw limited(clock, org.resetAt, 'MAIL_LIMIT_ORGANIZATION');
  const addresses = [...new Set(request.recipients.map((r) => r.trim().toLowerCase()))].sort();
  for (const address of addresses) {
    const count = request.recipients.filter((r) => r.trim().toLowerCase() === address).length;
    const to = await bumpCounter(db, clock, `mail-to:${sha256Hex(address)}`, windowMs, count);
    if (enforce && to.count > perRecipient) throw limited(clock, to.resetAt, 'MAIL_LIMIT_RECIPIENT');
  }
}

/**
 * Takes the organization's row lock (no key update: it queues behind the balance's `for update` and every
 * other reservation of the organization, but not behind inserts that only reference the row). A
 * transaction that already holds the balance lock (a signing send) keeps it.
 */
export async function lockOrganizationForMail(db: DbOrTx, organizationId: string): Promise<void> {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
}

function limited(clock: Clock, resetAt: Date, reason: 'MAIL_LIMIT_ORGANIZATION' | 'MAIL_LIMIT_RECIPIENT') {
  const retryAfterSeconds = secondsUntil(clock, resetAt);
  const message =
    reason === 'MAIL_LIMIT_ORGANIZATION'
      ? 'This organization has sent too many e-mails in the last hour. Try again later.'
      : 'A recipient has received too many e-mails in the last hour. Try again later.';
  return new AppError('RATE_LIMITED', message, undefined, {
    'retry-after': String(retryAfterSeconds),
  }).because(reason, { retryAfterSeconds });
}
