/**
 * Whether a text is safe to show (names, labels, field values). A module without zod: the signing page
 * checks its fields' values with it, and importing it from api/names.ts, whose schemas need zod, brought
 * zod into that page's first load (+22 KB gzip; docs/decisions.md "First-load JavaScript and the
 * bundle-size test", "No zod on pages that validate nothing").
 */

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

/** Whether a text is safe to show as a name: no control characters, lone surrogates or bidi overrides. */
export function isDisplaySafe(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text) && !BIDI_CONTROLS.test(text);
}
