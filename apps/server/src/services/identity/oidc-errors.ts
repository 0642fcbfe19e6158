import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { AppError } from '../../lib/errors.ts';
import type { ProviderSettings } from './platforms.ts';

const NETWORK_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT']);

/** The provider refused the sign-in (the user said no, or the provider denied access). */
export function providerRefused(): AppError {
  return new AppError('UNAUTHORIZED_GOOGLE', 'The identity provider did not allow the sign-in.');
}

export function signInFailed(): AppError {
  return new AppError('VALIDATION_FAILED', 'The sign-in could not be completed. Please sign in again.');
}

/**
 * Maps what can go wrong while exchanging the code (and checking the tokens) to contract errors:
 * a refusal is UNAUTHORIZED_GOOGLE, an unreachable provider UNAVAILABLE, anything else
 * (expired or reused code, bad signature, wrong nonce) VALIDATION_FAILED. Never a 500. Only the
 * error kind is logged: never codes, tokens or the provider's response.
 */
export function mapExchangeError(err: unknown, settings: ProviderSettings, log: FastifyBaseLogger): AppError {
  if (err instanceof AppError) return err;
  const context = { platform: settings.platform, issuer: settings.issuer };
  if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
    log.warn({ ...context, error: err.error }, 'identity provider refused the code exchange');
    return err.error === 'access_denied' ? providerRefused() : signInFailed();
  }
  const code = err instanceof client.ClientError ? err.code : undefined;
  const network =
    (code !== undefined && NETWORK_CODES.has(code)) ||
    (err instanceof TypeError && err.message === 'fetch failed');
  log.warn({ ...context, code, reason: (err as Error).message }, 'sign-in exchange failed');
  if (network) {
    return new AppError('UNAVAILABLE', 'The identity provider could not be reached. Try again shortly.');
  }
  return signInFailed();
}
