/**
 * Every error code the API can answer with, its HTTP status, and what it means.
 * An error reply is `{ status: "ERROR", code, reason?, details?, message, fields? }`; `reason` (reasons.ts)
 * says which failure of the code's kind it is.
 */
export const ERROR_CODES = {
  /** The request body, query or path parameters do not match the call's schema; `fields` names each problem. */
  VALIDATION_FAILED: 400,
  /** The session id is unknown or the session was ended (signed out, invalidated). Clear it and sign in. */
  SESSION_INVALID: 401,
  /** The session existed but expired (2 hours without use). Go to /session-expired. */
  UNAUTHORIZED_ACCESS: 401,
  /** The identity provider refused the sign-in (for example the user denied consent). */
  UNAUTHORIZED_GOOGLE: 401,
  /** The account has not finished the setup wizard; only account-level calls are allowed. */
  SETUP_REQUIRED: 403,
  /** The member lacks the permission the call needs. */
  FORBIDDEN: 403,
  /** No such object, or it belongs to an organization the caller is not in (never revealed). */
  NOT_FOUND: 404,
  /** The stored file behind a document is missing. */
  FILE_NOT_FOUND: 404,
  /** The object's state forbids the change (for example sending a document that is already signing). */
  CONFLICT: 409,
  /** The upload is larger than the configured limit. */
  FILE_TOO_LARGE: 413,
  /** The file's type is not accepted, or its content does not match its extension. */
  UNSUPPORTED_FILE_TYPE: 415,
  /** Too many requests; retry after the number of seconds in the Retry-After header. */
  RATE_LIMITED: 429,
  /** Something failed on the server; details are only in the server log under the request id. */
  INTERNAL: 500,
  /** A dependency (database, identity provider, storage) could not be reached; `reason` says which. Retry later. */
  UNAVAILABLE: 503,
  /** The server's file storage is full (or over quota): nothing was stored. Retry once space is freed. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCodes = Object.keys(ERROR_CODES) as ErrorCode[];

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** Codes raised only in the browser, never sent by the server. */
export const CLIENT_ERROR_CODES = ['NO_SESSION', 'NETWORK'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
