import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signingFlows } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { EidError, type AuthorizationRequest, type ProviderResponse } from '../../services/eid/types.ts';

export type TripRow = typeof signingFlows.$inferSelect;
export type TripKind = TripRow['kind'];

/** A round trip to a provider lives this long (the signee signs in and comes back within it). */
export const TRIP_TTL_MS = 15 * 60_000;
/** Round trips one signing session may start (each is a row and a provider request: bounded). */
export const TRIPS_PER_SESSION = 20;

/** Records an authorization request under way (state kept only as a hash) for the session. */
export async function recordTrip(
  db: DbOrTx,
  trip: {
    sessionId: string;
    kind: TripKind;
    providerId: string;
    request: AuthorizationRequest;
    redirectUri: string;
    data?: unknown;
    now: Date;
  },
): Promise<void> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(signingFlows)
    .where(eq(signingFlows.sessionId, trip.sessionId));
  if (n >= TRIPS_PER_SESSION) {
    throw new AppError(
      'RATE_LIMITED',
      'Too many attempts in this signing session. Start again from your signing link.',
    );
  }
  await db.insert(signingFlows).values({
    sessionId: trip.sessionId,
    kind: trip.kind,
    providerId: trip.providerId,
    stateHash: sha256Hex(trip.request.state),
    nonce: trip.request.nonce,
    codeVerifier: trip.request.codeVerifier,
    redirectUri: trip.redirectUri,
    data: trip.data ?? null,
    createdAt: trip.now,
    expiresAt: new Date(trip.now.getTime() + TRIP_TTL_MS),
  });
}

/**
 * Takes the round trip that `response.state` belongs to, once: it must be this session's, unused and
 * within its time. A state of another session, a replay or an expired trip is IDENTIFICATION_FAILED.
 */
export async function takeTrip(
  db: DbOrTx,
  sessionId: string,
  response: ProviderResponse,
  now: Date,
): Promise<TripRow> {
  const [taken] = await db
    .update(signingFlows)
    .set({ usedAt: now })
    .where(
      and(
        eq(signingFlows.stateHash, sha256Hex(response.state)),
        eq(signingFlows.sessionId, sessionId),
        isNull(signingFlows.usedAt),
      ),
    )
    .returning();
  if (!taken || taken.expiresAt.getTime() <= now.getTime()) {
    throw failed('This answer from the provider is unknown, was already used or came too late.');
  }
  return taken;
}

/** The 409/503 a provider failure becomes (the session stays usable: the signee may try again). */
export function tripError(err: unknown): unknown {
  if (!(err instanceof EidError)) return err;
  switch (err.failure) {
    case 'cancelled':
      return new AppError(
        'CONFLICT',
        'You cancelled at the provider. Nothing was signed; you can try again.',
      ).because('IDENTIFICATION_CANCELLED');
    case 'unavailable':
      return new AppError('UNAVAILABLE', 'The provider cannot be reached now. Try again shortly.').because(
        'PROVIDER_UNAVAILABLE',
      );
    case 'authorization':
      return new AppError(
        'CONFLICT',
        'The authorization of your signature expired or was refused. Authorize it again.',
      ).because('REMOTE_AUTHORIZATION_FAILED');
    default:
      return failed(err.message);
  }
}

const failed = (detail: string) =>
  new AppError('CONFLICT', `The provider's answer was refused: ${detail} Try again.`).because(
    'IDENTIFICATION_FAILED',
  );

/** The provider sent an error instead of a code: cancelled (access_denied and kin) or failed. */
export function providerErrorOf(response: ProviderResponse): EidError | null {
  if (!response.error) return response.code ? null : new EidError('failed', 'No code came back.');
  const cancelled = ['access_denied', 'cancel', 'user_cancel', 'login_required', 'consent_required'];
  return new EidError(
    cancelled.includes(response.error) ? 'cancelled' : 'failed',
    `The provider answered ${response.error}.`,
  );
}
