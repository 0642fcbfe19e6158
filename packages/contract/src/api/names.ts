import { z } from 'zod';
import { isDisplaySafe } from '../display-safe.ts';

export const NAME_CHARACTERS_MESSAGE =
  'A name cannot contain control characters, invalid characters or direction overrides.';

export { isDisplaySafe };

export interface NameOptions {
  max: number;
  /** 1 (the default) makes the name required; 0 allows an empty name. */
  min?: number;
  /** Shown when the name is missing or empty. */
  message?: string;
}

/**
 * The one schema of every name field in the contract (organizations, roles, documents, folders,
 * templates, signees, invites, wizard data): trimmed, NFC-normalized, within its length, and refused when
 * it holds control characters, lone surrogates or bidi overrides (isDisplaySafe). Callers add rules of
 * their own (e.g. no slashes in document names) with `.refine`.
 */
export function nameText({ max, min = 1, message = 'Name is required.' }: NameOptions) {
  return z
    .string({ message })
    .trim()
    .refine(isDisplaySafe, { message: NAME_CHARACTERS_MESSAGE })
    .transform((s) => s.normalize('NFC'))
    .pipe(
      z
        .string()
        .min(min, { message })
        .max(max, { message: `At most ${max} characters.` }),
    );
}

/** A required name that people see (organization, role). */
export const requiredName = (max: number, message = 'Name is required.') => nameText({ max, message });
