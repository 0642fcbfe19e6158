import {
  FIELD_INITIALS_MAX,
  FIELD_TEXT_MAX,
  isDisplaySafe,
  type FieldValues,
  type SigningField,
} from '@sinetti/contract';
import { ApiError } from '../../../lib/api';

/**
 * The rules of the signee's fields on the signing page (issue #33 item 2), kept apart from the components
 * so that the walker, the overlays and the sign body agree on what "filled" means.
 */

/** What the signee has typed or ticked, by field id (text and initials a string, checkbox a boolean). */
export type FieldEntries = Record<string, string | boolean>;

/** Why a field cannot be sent: the contract's rules, checked before the server does. */
export type FieldProblem = 'required' | 'tooLong' | 'plainText' | 'server';

/** The kinds the signee types or ticks; name, date and signature are the server's to write. */
const ENTERED = new Set<SigningField['kind']>(['text', 'initials', 'checkbox']);

export const isEntered = (field: SigningField): boolean => ENTERED.has(field.kind);

/** The longest value a typed field takes (the contract's limits). */
export const maxLength = (field: SigningField): number =>
  field.kind === 'initials' ? FIELD_INITIALS_MAX : FIELD_TEXT_MAX;

/** The values the page starts with: empty text, unticked boxes, initials as the server suggests them. */
export function initialEntries(fields: readonly SigningField[]): FieldEntries {
  const entries: FieldEntries = {};
  for (const field of fields) {
    if (field.kind === 'checkbox') entries[field.id] = false;
    else if (field.kind === 'text') entries[field.id] = '';
    else if (field.kind === 'initials') entries[field.id] = field.value ?? '';
  }
  return entries;
}

/**
 * Whether a field counts as filled: a signature field once the signee has drawn or typed their signature
 * (it is filled with it), name and date always (the server writes them), text and initials with any text,
 * a checkbox once ticked.
 */
export function isFilled(field: SigningField, entries: FieldEntries, hasSignature: boolean): boolean {
  if (field.kind === 'signature') return hasSignature;
  if (field.kind === 'name' || field.kind === 'date') return true;
  const value = entries[field.id];
  return typeof value === 'boolean' ? value : (value ?? '').trim() !== '';
}

/** The required fields still to fill, in page order. */
export function unfilledRequired(
  fields: readonly SigningField[],
  entries: FieldEntries,
  hasSignature: boolean,
): SigningField[] {
  return fields.filter((f) => f.required && !isFilled(f, entries, hasSignature));
}

/**
 * The field the walker goes to next: the first unfilled required field after `fromId` in page order,
 * wrapping round to the start; null when every required field is filled.
 */
export function nextField(
  fields: readonly SigningField[],
  entries: FieldEntries,
  hasSignature: boolean,
  fromId: string | null,
): SigningField | null {
  const at = fromId === null ? -1 : fields.findIndex((f) => f.id === fromId);
  const ordered = [...fields.slice(at + 1), ...fields.slice(0, at + 1)];
  return ordered.find((f) => f.required && !isFilled(f, entries, hasSignature)) ?? null;
}

/** What is wrong with one field's value, or null (the contract's rules; a missing signature is not here). */
export function fieldProblem(field: SigningField, entries: FieldEntries): FieldProblem | null {
  if (!isEntered(field)) return null;
  const value = entries[field.id];
  if (typeof value === 'string') {
    const text = value.trim();
    if (field.required && text === '') return 'required';
    // Counted in characters (code points), as the server counts them.
    if ([...text].length > maxLength(field)) return 'tooLong';
    if (!isDisplaySafe(text)) return 'plainText';
    return null;
  }
  return field.required && value !== true ? 'required' : null;
}

/** Every field's problem, by id (only the fields that have one). */
export function fieldProblems(
  fields: readonly SigningField[],
  entries: FieldEntries,
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const problem = fieldProblem(field, entries);
    if (problem) problems[field.id] = problem;
  }
  return problems;
}

/**
 * The values sent with the signature: text and initials trimmed (an optional one left empty is left out),
 * checkboxes as ticked; name, date and signature fields take none (the server writes them).
 */
export function fieldValuesBody(fields: readonly SigningField[], entries: FieldEntries): FieldValues {
  const body: FieldValues = {};
  for (const field of fields) {
    if (!isEntered(field)) continue;
    const value = entries[field.id];
    if (typeof value === 'boolean') body[field.id] = value;
    else if (value !== undefined && value.trim() !== '') body[field.id] = value.trim();
  }
  return body;
}

/**
 * The fields a 400 VALIDATION_FAILED names: the server's per-input messages are keyed by the body's path
 * ("fields.<id>"), and details may list the ids (details.fields). Only this signee's fields are kept.
 */
export function serverFieldIds(error: unknown, fields: readonly SigningField[]): string[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const known = new Set(fields.map((f) => f.id));
  const named = new Set<string>();
  for (const key of Object.keys(error.fields ?? {})) {
    const id = key.startsWith('fields.') ? key.slice('fields.'.length).split('.')[0] : key;
    if (id !== undefined && known.has(id)) named.add(id);
  }
  const listed = (error.details as { fields?: unknown }).fields;
  if (Array.isArray(listed)) {
    for (const id of listed) if (typeof id === 'string' && known.has(id)) named.add(id);
  }
  return fields.filter((f) => named.has(f.id)).map((f) => f.id);
}
