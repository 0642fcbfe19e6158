import { CLIENT_ERROR_CODES, ERROR_REASONS, errorCodes, type ErrorReason } from '@sinetti/contract';
import i18n from './i18n';
import { ApiError } from './api';
import { formatDateTime } from './dates';

/** Reasons whose text takes a count (plural forms in the errors namespace). */
const COUNTED: Partial<Record<ErrorReason, 'attemptsLeft'>> = { CODE_WRONG: 'attemptsLeft' };

/**
 * The translated text for a failed call: its reason's text when it has one, else its code's, else the
 * caller's fallback. The server's English `message` is never shown (it is for logs and API users).
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.reason) {
      const countKey = COUNTED[error.reason];
      if (countKey) {
        return i18n.t(`reasons.${error.reason}`, { ns: 'errors', count: error.details[countKey] ?? 0 });
      }
      const wait = error.details.retryAfterSeconds;
      const minutes = wait === undefined ? undefined : Math.max(1, Math.ceil(wait / 60));
      const time = error.details.retryAt ? formatDateTime(error.details.retryAt) : undefined;
      const limit = error.details.maxBytes;
      const megabytes =
        limit === undefined
          ? undefined
          : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(limit / 1048576);
      // Who signs first (NOT_YOUR_TURN): names as the server gives them.
      const names = error.details.waitingFor?.join(', ');
      return i18n.t(`reasons.${error.reason}`, { ns: 'errors', minutes, time, megabytes, names });
    }
    if (fallback) return fallback;
    return i18n.t(`codes.${error.code}`, { ns: 'errors' });
  }
  return fallback ?? i18n.t('codes.INTERNAL', { ns: 'errors' });
}

/** True when the error is an ApiError with one of the given reasons. */
export function hasReason(error: unknown, ...reasons: ErrorReason[]): error is ApiError {
  return error instanceof ApiError && error.reason !== undefined && reasons.includes(error.reason);
}

/** Every reason and code the web app may receive (checked against the errors namespace in tests). */
export const KNOWN_ERRORS = {
  reasons: ERROR_REASONS,
  codes: [...errorCodes, ...CLIENT_ERROR_CODES],
} as const;
