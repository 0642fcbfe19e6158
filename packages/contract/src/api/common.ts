import { z } from 'zod';
import { LANGUAGES, PLATFORMS, SESSION_STATUSES } from '../constants.ts';

export const uuid = z.uuid({ message: 'Must be a valid id.' });
export const idParams = z.object({ id: uuid });
export const language = z.enum(LANGUAGES);
export const platform = z.enum(PLATFORMS);
export const isoDate = z.string().describe('ISO 8601 timestamp (UTC)');

/** C0 and C1 control characters (NUL, tab, new line, escape, …). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what a name shows. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** Whether a text is safe to show as a name: no control characters, lone surrogates or bidi overrides. */
export function isDisplaySafe(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text) && !BIDI_CONTROLS.test(text);
}

/**
 * A required name that people see (organization, role): trimmed, NFC-normalized, 1 to `max` characters,
 * and refused when it holds control characters, lone surrogates or bidi overrides (text that would hide or
 * reorder what is shown). The one name schema for names shown to other people.
 */
export const requiredName = (max: number, message = 'Name is required.') =>
  z
    .string({ message })
    .trim()
    .refine(isDisplaySafe, {
      message: 'A name cannot contain control characters, invalid characters or direction overrides.',
    })
    .transform((s) => s.normalize('NFC'))
    .pipe(
      z
        .string()
        .min(1, { message })
        .max(max, { message: `At most ${max} characters.` }),
    );

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'The format of the email address is invalid.' }));

export const sessionStatus = z.enum(SESSION_STATUSES);
