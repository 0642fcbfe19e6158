import { z } from 'zod';
import { TEMPLATE_ROLE_MAX } from '../template-fields.ts';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { idParams, uuid } from './common.ts';
import { isDisplaySafe, nameText } from './names.ts';

/**
 * Fields placed on the document (issue #33 items 1 and 2; docs/decisions.md "Fields on the page").
 *
 * The sender places fields on the rendered pages of a contract or template, each for one signee (a
 * template's field may instead be for one of its signee roles, which Use template turns into the person
 * given for the role). The signee fills them on the signing page; the values and the signature appear at
 * the fields in the signed PDF, added in that signee's own signature's update so the signature covers them.
 *
 * Geometry: fractions of the page as it is shown (after the page's /Rotate), origin at the top left:
 * x and width of the shown width, y and height of the shown height. The server turns them into PDF user
 * space with the page's crop box and rotation.
 */
export const FIELD_KINDS = ['signature', 'initials', 'name', 'date', 'text', 'checkbox'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Fields one document may have. */
export const FIELDS_MAX = 200;
/** A text field's value, a field's label, initials: at most this many characters. */
export const FIELD_TEXT_MAX = 500;
export const FIELD_LABEL_MAX = 100;
export const FIELD_INITIALS_MAX = 10;
/** The smallest field, as a fraction of the page's side (about 3 pt on A4). */
export const FIELD_MIN_SIDE = 0.005;

/** Rounding slack when x + width or y + height is checked against the page's edge. */
const EDGE_SLACK = 1e-6;
const fraction = z.number().min(0).max(1);
const side = z.number().min(FIELD_MIN_SIDE).max(1);

const fieldLabel = z
  .string()
  .trim()
  .max(FIELD_LABEL_MAX, { error: `At most ${FIELD_LABEL_MAX} characters.` })
  .refine(isDisplaySafe, { error: 'The label cannot contain control characters or direction overrides.' });

/** A field as the sender places it (saved with `documents.setFields`). */
export const placedField = z
  .object({
    /** Made by the client (crypto.randomUUID) and kept across saves, so a field can be followed. */
    id: uuid,
    kind: z.enum(FIELD_KINDS),
    /** 1-based page of the document's current PDF. */
    page: z.number().int().min(1).max(100_000),
    x: fraction,
    y: fraction,
    width: side,
    height: side,
    /** The signee who fills it (a signee of this document). */
    signeeId: uuid.nullable().default(null),
    /** Only on a template: the signee role who fills it (one of the template's signee roles). */
    role: nameText({ max: TEMPLATE_ROLE_MAX, message: 'Name the role.' }).nullable().default(null),
    /** A required field must be filled before signing; name, date and signature fields are always filled. */
    required: z.boolean().default(true),
    /** Shown to the signee beside the field ("Apartment number"); empty: the kind's own name. */
    label: fieldLabel.default(''),
  })
  .refine((f) => f.x + f.width <= 1 + EDGE_SLACK && f.y + f.height <= 1 + EDGE_SLACK, {
    error: 'The field must lie inside the page.',
  })
  .refine((f) => (f.signeeId === null) !== (f.role === null), {
    error: 'A field is for one signee or for one signee role.',
  });
export type PlacedField = z.infer<typeof placedField>;

export const fieldsReply = okReply({
  fields: z.array(placedField),
  /** Whether the caller may change them now (documents edit, a contract or template in Draft). */
  editable: z.boolean(),
});

export const fieldsApi = {
  list: endpoint({
    id: 'fields.list',
    method: 'GET',
    path: '/documents/fields/:id',
    access: 'organization',
    summary: "The fields placed on a contract's or template's pages, in page order (documents view).",
    params: idParams,
    reply: fieldsReply,
  }),
  save: endpoint({
    id: 'fields.save',
    method: 'PUT',
    path: '/documents/fields/:id',
    access: 'organization',
    summary:
      "Replaces the fields placed on a contract's or template's pages (documents edit; Draft only, else 409 " +
      'NOT_EDITABLE). Each field is for a signee of the document or, on a template, for one of its signee ' +
      'roles; a page beyond the PDF, an unknown signee or role is 400 VALIDATION_FAILED naming the field.',
    params: idParams,
    body: z.object({ fields: z.array(placedField).max(FIELDS_MAX) }),
    reply: fieldsReply,
  }),
};

/** A field on the signing page: one of this signee's, with what the server fills in itself. */
export const signingField = z.object({
  id: uuid,
  kind: z.enum(FIELD_KINDS),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  required: z.boolean(),
  label: z.string(),
  /**
   * name: the signee's name as it will be written; date: the signing day as it will be written (the
   * signee's language, Helsinki day); initials: a suggestion from the name. Null for the others.
   */
  value: z.string().nullable(),
});
export type SigningField = z.infer<typeof signingField>;

/**
 * The signee's values, by field id: text and initials a string (trimmed, at most FIELD_TEXT_MAX /
 * FIELD_INITIALS_MAX characters, no control characters), checkbox a boolean. Name, date and signature
 * fields take no value (the server writes the name, the signing day and the signature). A required field
 * left out or empty, a value for another signee's field or of the wrong type is 400 VALIDATION_FAILED with
 * details.fields naming the field ids.
 */
/**
 * At most FIELDS_MAX values. A function of its own, not an arrow calling Object.keys: the web build could
 * not drop that schema, and zod came into every page's first load with it (/signin 17 → 39 KB).
 */
function fewEnoughValues(values: Record<string, unknown>): boolean {
  let count = 0;
  for (const key in values) if (Object.hasOwn(values, key)) count += 1;
  return count <= FIELDS_MAX;
}

export const fieldValues = z
  .record(
    uuid,
    z.union([
      z.boolean(),
      z
        .string()
        .max(FIELD_TEXT_MAX, { error: `At most ${FIELD_TEXT_MAX} characters.` })
        .refine(isDisplaySafe, { error: 'Plain text only.' }),
    ]),
  )
  .refine(fewEnoughValues, { error: `At most ${FIELDS_MAX} values.` });
export type FieldValues = z.infer<typeof fieldValues>;
