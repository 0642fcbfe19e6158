/**
 * Template fields (issue 13 item 4): a template's DOCX holds placeholders that "Use template" fills in.
 *
 *   {{tenant_name}}                text
 *   {{start_date:date}}            a date, entered as YYYY-MM-DD, written in the contract's language
 *   {{rent:number}}                a number, written with the language's separators
 *   {{city|Helsinki}}              a default value (also after a type: {{rent:number|950}})
 *
 * Names are letters (Finnish ones too), digits and _, starting with a letter or _. A field used several
 * times is one field: its type and default are those given first; two different types are an error.
 * No zod here: the web app's forms use these checks on pages that load no schemas.
 */
import type { Language } from './constants.ts';

export const TEMPLATE_FIELD_TYPES = ['text', 'date', 'number'] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

export interface TemplateField {
  name: string;
  type: TemplateFieldType;
  /** Null: the user must give a value. */
  default: string | null;
}

/** Signee roles one template may define ("Tenant", "Landlord"), and how long a role's name may be. */
export const TEMPLATE_ROLES_MAX = 10;
export const TEMPLATE_ROLE_MAX = 60;

/** Fields one template may have; values may be this long. */
export const TEMPLATE_FIELDS_MAX = 100;
export const TEMPLATE_VALUE_MAX = 1000;

const TEMPLATE_FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_]{0,63}$/u;

/** A name every JavaScript object already has (`constructor`, `toString`, `__proto__`…). */
const inherited = (name: string) => name in Object.prototype;

/**
 * Whether `name` may name a field: letters, digits and _, and not a name every object has. Values travel
 * by field name in plain objects (the API's `values`, the forms' state, the filling), where such a name
 * would read the object's own machinery.
 */
export function isTemplateFieldName(name: string): boolean {
  return TEMPLATE_FIELD_NAME.test(name) && !inherited(name);
}

/** Why a well-formed name is refused: it is one of the names every object has. */
export const isReservedFieldName = (name: string): boolean =>
  TEMPLATE_FIELD_NAME.test(name) && inherited(name);

/**
 * `record[key]` when the record itself has it, never what every object inherits: a signee role, free text,
 * may be called "constructor" or "toString", and such a key must read as absent, not as a function.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

const TAG = /^\s*([^:|]*?)\s*(?::\s*([^|]*?)\s*)?(?:\|(.*))?$/s;

/** A placeholder's text (between `{{` and `}}`) as a field, or why it is not one. */
export function parseTemplateTag(tag: string): TemplateField | { error: string } {
  const match = TAG.exec(tag);
  const name = match?.[1] ?? '';
  if (isReservedFieldName(name))
    return { error: `"{{${tag}}}" uses a reserved name; please choose another.` };
  if (!isTemplateFieldName(name)) return { error: `"{{${tag}}}" is not a field name.` };
  const type = (match?.[2] || 'text').toLowerCase();
  if (!(TEMPLATE_FIELD_TYPES as readonly string[]).includes(type)) {
    return { error: `"{{${tag}}}" has an unknown type "${type}" (text, date or number).` };
  }
  const fallback = match?.[3]?.trim() ?? '';
  const field: TemplateField = { name, type: type as TemplateFieldType, default: fallback || null };
  if (field.default !== null && templateValueProblem(field, field.default)) {
    return { error: `"{{${tag}}}" has a default that is not a ${type}.` };
  }
  return field;
}

/** The placeholder of a field, as the editor's Insert field writes it (parseTemplateTag reads it back). */
export function templateTag(field: TemplateField): string {
  const type = field.type === 'text' ? '' : `:${field.type}`;
  const fallback = field.default?.trim() ? `|${field.default.trim()}` : '';
  return `{{${field.name}${type}${fallback}}}`;
}

/** Whether the tag spelled its type (`{{rent:number}}`), as opposed to taking text by default. */
const typed = (tag: string) => /:/.test(tag.split('|', 1)[0] ?? '');

/**
 * The fields of a template, from its placeholders in document order (one per name); throws an Error naming
 * the placeholder when one is malformed or a name is given two types.
 */
export function templateFieldsOf(tags: string[]): TemplateField[] {
  const fields = new Map<string, TemplateField & { typed: boolean }>();
  for (const tag of tags) {
    const field = parseTemplateTag(tag);
    if ('error' in field) throw new Error(field.error);
    const known = fields.get(field.name);
    if (!known) {
      if (fields.size >= TEMPLATE_FIELDS_MAX)
        throw new Error(`A template may have at most ${TEMPLATE_FIELDS_MAX} fields.`);
      fields.set(field.name, { ...field, typed: typed(tag) });
      continue;
    }
    if (typed(tag) && known.typed && known.type !== field.type) {
      throw new Error(`The field "${field.name}" is both ${known.type} and ${field.type}.`);
    }
    if (typed(tag) && !known.typed) Object.assign(known, { type: field.type, typed: true });
    known.default ??= field.default;
  }
  return [...fields.values()].map(({ typed: _typed, ...field }) => field);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d{1,15}(?:[.,]\d{1,6})?$/;

/** Why a value does not fit its field ('empty', 'tooLong', 'notDate', 'notNumber'), or null. */
export function templateValueProblem(
  field: Pick<TemplateField, 'type'>,
  value: string,
): 'empty' | 'tooLong' | 'notDate' | 'notNumber' | null {
  const v = value.trim();
  if (v === '') return 'empty';
  if (v.length > TEMPLATE_VALUE_MAX) return 'tooLong';
  if (field.type === 'date') {
    const m = DATE.exec(v);
    if (!m) return 'notDate';
    const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return date.toISOString().slice(0, 10) === v ? null : 'notDate';
  }
  if (field.type === 'number' && !NUMBER.test(v.replace(/[\s\u00a0]/g, ''))) return 'notNumber';
  return null;
}

/** A checked value as the contract shows it, in `language` (dates and numbers as that language writes them). */
export function formatTemplateValue(
  field: Pick<TemplateField, 'type'>,
  value: string,
  language: Language,
): string {
  const v = value.trim();
  const locale = language === 'fi' ? 'fi-FI' : 'en-GB';
  if (field.type === 'date') {
    const [y, m, d] = v.split('-').map(Number);
    const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
    const style = language === 'fi' ? 'numeric' : 'long';
    return new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      day: 'numeric',
      month: style,
      year: 'numeric',
    }).format(date);
  }
  if (field.type === 'number') {
    const n = Number(v.replace(/[\s\u00a0]/g, '').replace(',', '.'));
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(n);
  }
  return v;
}
