import type { Platform } from '@sinetti/contract';
import { email as emailSchema } from '@sinetti/contract';
import type { VerifiedIdentity } from '../../commands/upsert-account.ts';
import { AppError } from '../../lib/errors.ts';

type Claims = Record<string, unknown>;

function text(claims: Claims, name: string, max = 200): string {
  const v = claims[name];
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

function parseEmail(candidate: unknown): string | null {
  const parsed = emailSchema.safeParse(candidate);
  return parsed.success && parsed.data.length <= 254 ? parsed.data : null;
}

/**
 * Whether the provider vouches that the `email` claim belongs to the person. Google says so with
 * `email_verified`. Entra ID does not verify `email` or `preferred_username` (any tenant admin can set
 * them, "nOAuth"): only the optional claim `xms_edov` (the e-mail's domain is verified by the tenant
 * that owns it) or an explicit `email_verified` is trusted.
 */
function emailVerifiedBy(platform: Platform, claims: Claims): boolean {
  if (claims.email_verified === true) return true;
  return platform === 'microsoft' && (claims.xms_edov === true || claims.xms_edov === 'true');
}

function emailOf(platform: Platform, claims: Claims): { email: string; emailVerified: boolean } | null {
  const email = parseEmail(claims.email);
  if (email) return { email, emailVerified: emailVerifiedBy(platform, claims) };
  // Microsoft accounts without a mailbox carry the sign-in address in preferred_username instead; it
  // is an unverified user name, never a verified e-mail address.
  const username = platform === 'microsoft' ? parseEmail(claims.preferred_username) : null;
  return username ? { email: username, emailVerified: false } : null;
}

function pictureOf(claims: Claims): string | null {
  const v = text(claims, 'picture', 2048);
  const url = URL.canParse(v) ? new URL(v) : null;
  // Graph's photo URL needs a bearer token, so a browser cannot show it.
  if (!url || url.protocol !== 'https:' || url.hostname === 'graph.microsoft.com') return null;
  return url.href;
}

function namesOf(claims: Claims, email: string): { givenName: string; familyName: string } {
  const givenName = text(claims, 'given_name');
  const familyName = text(claims, 'family_name');
  if (givenName || familyName) return { givenName, familyName };
  const full = text(claims, 'name') || email.split('@')[0] || '';
  const space = full.indexOf(' ');
  return space < 0
    ? { givenName: full, familyName: '' }
    : { givenName: full.slice(0, space), familyName: full.slice(space + 1).trim() };
}

/**
 * Turns the claims the provider vouched for (ID token, completed from userinfo) into the identity
 * an account is keyed on: platform + issuer + sub. An e-mail address is required; whether the provider
 * verified it is recorded (an unverified one matches invites only through their e-mailed link).
 */
export function identityFromClaims(platform: Platform, claims: Claims): VerifiedIdentity {
  const sub = text(claims, 'sub', 255);
  const issuer = text(claims, 'iss', 2048);
  if (!sub || !issuer) {
    throw new AppError('VALIDATION_FAILED', 'The identity provider did not identify the account.');
  }
  if (claims.email_verified === false) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Your identity provider has not verified your e-mail address. Verify it there and sign in again.',
    );
  }
  const found = emailOf(platform, claims);
  if (!found) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Your identity provider did not share an e-mail address. Allow access to your e-mail and sign in again.',
    );
  }
  const { email, emailVerified } = found;
  return {
    platform,
    issuer,
    sub,
    email,
    emailVerified,
    ...namesOf(claims, email),
    picture: pictureOf(claims),
  };
}
