import { z } from 'zod';

// How environment variables are read, in one place (docs/configuration.md): every config module builds its
// shape from these, so that `yes` or a blank value means the same in every variable.

/** An optional text variable: trimmed; unset, empty or only spaces reads as undefined. */
export const envText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * A yes/no variable: `true`, `1` or `yes` is yes; `false`, `0` or `no` is no; unset or empty reads as
 * `fallback` (no unless given). Anything else is refused, so that a typo does not silently mean no.
 */
export const envFlag = (fallback = false) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));
