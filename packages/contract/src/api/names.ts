import { z } from 'zod';

/** C0 and C1 control characters (NUL, tab, new line, escape, …); PostgreSQL text cannot even store NUL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what a
 * name shows ("Trojan Source", `invoice\u202Efdp.exe`). The plain marks LRM, RLM and ALM stay allowed:
 * right-to-left names need them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

export const NAME_CHARACTERS_MESSAGE =
  'A name cannot contain control characters, invalid characters or direction overrides.';

/** Whether a text is safe to show as a name: no control characters, lone surrogates or bidi overrides. */
export function isDisplaySafe(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text) && !BIDI_CONTROLS.test(text);
}

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
