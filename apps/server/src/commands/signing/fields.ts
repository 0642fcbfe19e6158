import {
  FIELD_INITIALS_MAX,
  FIELD_TEXT_MAX,
  type FieldValues,
  type Language,
  type PlacedField,
  type SigningField,
} from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fieldsOf } from '../../queries/fields.ts';
import type { FieldStamp } from '../../services/pdf/index.ts';
import { formatHelsinkiDate } from '../../services/pdf/text.ts';

/**
 * A signee's fields placed on the document (issue #33 item 2; docs/decisions.md "Fields on the page"):
 * what the signing page shows of them, the check of the values the signee sends, and what their
 * signature's update draws.
 */

/** What the server writes itself into a field: the name signed with and the signing day. */
export interface SignedAs {
  name: string;
  signedAt: Date;
  lang: Language;
}

/** This signee's fields, in page order (fieldsOf's). */
export async function signeeFields(db: DbOrTx, documentId: string, signeeId: string): Promise<PlacedField[]> {
  return (await fieldsOf(db, documentId)).filter((f) => f.signeeId === signeeId);
}

/** Initials suggested from a name: the first letter of each part ("Åsa Öberg-Väätäinen" → "ÅÖV"). */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s-]+/u)
    .map((part) => [...part].find((ch) => /\p{L}/u.test(ch)) ?? '')
    .join('')
    .toLocaleUpperCase('fi');
  return [...letters].slice(0, FIELD_INITIALS_MAX).join('');
}

/** The signing page's view of the fields: name, date and initials come with the value the server suggests. */
export function signingFieldsOf(fields: PlacedField[], as: SignedAs): SigningField[] {
  return fields.map((f) => ({
    id: f.id,
    kind: f.kind,
    page: f.page,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    required: f.required,
    label: f.label,
    value:
      f.kind === 'name'
        ? as.name
        : f.kind === 'date'
          ? formatHelsinkiDate(as.signedAt, as.lang)
          : f.kind === 'initials'
            ? initialsOf(as.name)
            : null,
  }));
}

/** Kinds the server fills in itself: a value sent for them is refused. */
const SERVER_FILLED = new Set<PlacedField['kind']>(['name', 'date', 'signature']);

/**
 * The signee's values checked against their own fields: a value for a field that is not theirs (another
 * signee's, or none at all) or that the server fills in, of the wrong type or too long, and a required
 * field left empty (a required checkbox unchecked) are 400 VALIDATION_FAILED naming each field as
 * `fields.<id>`. Returns the values trimmed, by field id.
 */
export function checkFieldValues(
  fields: PlacedField[],
  values: FieldValues | undefined,
): Map<string, string | boolean> {
  const given = values ?? {};
  const mine = new Map(fields.map((f) => [f.id, f]));
  const problems: Record<string, string> = {};
  const checked = new Map<string, string | boolean>();
  for (const id of Object.keys(given)) {
    if (!mine.has(id)) problems[`fields.${id}`] = 'This is not one of your fields.';
  }
  for (const f of fields) {
    const value = given[f.id];
    const key = `fields.${f.id}`;
    if (SERVER_FILLED.has(f.kind)) {
      if (value !== undefined) problems[key] = 'This field is filled in for you.';
      continue;
    }
    if (f.kind === 'checkbox') {
      if (value !== undefined && typeof value !== 'boolean')
        problems[key] = 'Check the box or leave it empty.';
      else if (f.required && value !== true) problems[key] = 'Check this box.';
      else checked.set(f.id, value === true);
      continue;
    }
    if (value !== undefined && typeof value !== 'string') {
      problems[key] = 'Type the text.';
      continue;
    }
    const text = (value ?? '').trim();
    const max = f.kind === 'initials' ? FIELD_INITIALS_MAX : FIELD_TEXT_MAX;
    if ([...text].length > max) problems[key] = `At most ${max} characters.`;
    else if (f.required && text === '') problems[key] = 'Fill in this field.';
    else checked.set(f.id, text);
  }
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', `Check your fields: ${first}`, problems);
  return checked;
}

/** What the signee's signature update draws at each of their fields (an empty optional text: nothing). */
export function fieldStampsOf(
  fields: PlacedField[],
  values: Map<string, string | boolean>,
  as: SignedAs,
): FieldStamp[] {
  return fields.flatMap((f): FieldStamp[] => {
    const at = { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height };
    if (f.kind === 'signature') return [{ ...at, shown: { kind: 'mark' } }];
    if (f.kind === 'name') return [{ ...at, shown: { kind: 'text', text: as.name } }];
    if (f.kind === 'date') {
      return [{ ...at, shown: { kind: 'text', text: formatHelsinkiDate(as.signedAt, as.lang) } }];
    }
    const value = values.get(f.id);
    if (f.kind === 'checkbox') return [{ ...at, shown: { kind: 'checkbox', checked: value === true } }];
    return typeof value === 'string' && value !== '' ? [{ ...at, shown: { kind: 'text', text: value } }] : [];
  });
}
