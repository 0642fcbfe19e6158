import { and, eq, lt } from 'drizzle-orm';
import type { Platform } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { loginAttempts, oidcPayloads } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';

/** How long a started sign-in may take before its return is refused. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60 * 1000;

export type LoginAttempt = typeof loginAttempts.$inferSelect;

/**
 * Keeps only redirects that are paths of this app: one leading '/', no scheme, no host, no
 * backslashes or control characters (browsers read '/\host' and '//host' as another site).
 */
export function safeRedirect(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch === '\\' || code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

export async function storeLoginAttempt(
  db: DbOrTx,
  clock: Clock,
  input: {
    platform: Platform;
    state: string;
    codeVerifier: string;
    nonce: string;
    redirect: string | null;
    /** The hash of the starting browser's binding secret (browser-binding.ts). */
    browserHash: string;
  },
): Promise<void> {
  const now = clock.now();
  await db.insert(loginAttempts).values({
    stateHash: sha256Hex(input.state),
    browserHash: input.browserHash,
    platform: input.platform,
    codeVerifier: input.codeVerifier,
    nonce: input.nonce,
    redirect: input.redirect,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_ATTEMPT_TTL_MS),
  });
}

export type ConsumedAttempt =
  | { kind: 'ok'; attempt: LoginAttempt }
  /** Unknown, already used or expired. */
  | { kind: 'expired' }
  /** A live attempt, but another browser started it (or this one lost its binding cookie). */
  | { kind: 'foreign' };

/**
 * Takes the attempt of a returned `state` (at most once, even across processes) when the returning
 * browser is the one that started it (`browserHash`, null when it sent no binding). A foreign browser's
 * try leaves the attempt in place: it can neither use nor spoil the rightful browser's sign-in.
 */
export async function consumeLoginAttempt(
  db: DbOrTx,
  clock: Clock,
  state: string,
  browserHash: string | null,
): Promise<ConsumedAttempt> {
  const stateHash = sha256Hex(state);
  if (browserHash !== null) {
    const [row] = await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.stateHash, stateHash), eq(loginAttempts.browserHash, browserHash)))
      .returning();
    if (row) {
      return row.expiresAt.getTime() > clock.now().getTime()
        ? { kind: 'ok', attempt: row }
        : { kind: 'expired' };
    }
  }
  const [other] = await db
    .select({ expiresAt: loginAttempts.expiresAt })
    .from(loginAttempts)
    .where(eq(loginAttempts.stateHash, stateHash))
    .limit(1);
  return other && other.expiresAt.getTime() > clock.now().getTime()
    ? { kind: 'foreign' }
    : { kind: 'expired' };
}

/**
 * Cheap housekeeping run when a sign-in starts. The built-in provider stamps its records with the
 * real time (it has no notion of the app's clock), so they are pruned by the real time too.
 */
export async function pruneSignInState(db: DbOrTx, clock: Clock): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.expiresAt, clock.now()));
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
