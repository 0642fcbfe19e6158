import { z } from 'zod';
import { requiredName } from './common.ts';

/**
 * Characters a name shown to other people must not hold: NUL and the other C0/C1 control characters,
 * lone UTF-16 surrogates (not text; they break storage and rendering), and the bidirectional
 * embedding/override/isolate controls and marks, which can make a name display as something it is not
 * ("Trojan Source" style spoofing).
 */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'Must not contain control or text-direction characters.';

/** True when the text holds none of the characters above. */
export function isSafeText(value: string): boolean {
  return !CONTROL.test(value) && !BIDI.test(value) && !LONE_SURROGATE.test(value);
}

/** A trimmed, required name that other people see (organization names): requiredName plus isSafeText. */
export const safeName = (max: number, message?: string) =>
  requiredName(max, message).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });
