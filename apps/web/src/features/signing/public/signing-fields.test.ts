import { describe, expect, it } from 'vitest';
import { FIELD_INITIALS_MAX, FIELD_TEXT_MAX, type SigningField } from '@sinetti/contract';
import { ApiError } from '../../../lib/api';
import { fieldId, signingFieldOf } from '../test/session';
import {
  fieldProblems,
  fieldValuesBody,
  initialEntries,
  nextField,
  serverFieldIds,
  unfilledRequired,
} from './signing-fields';

const id = fieldId;
const field = (n: number, kind: SigningField['kind'], extra: Partial<SigningField> = {}) =>
  signingFieldOf(n, kind, 1, extra);

const FIELDS = [
  field(1, 'name'),
  field(2, 'text'),
  field(3, 'signature'),
  field(4, 'checkbox'),
  field(5, 'text', { required: false }),
  field(6, 'initials'),
  field(7, 'date'),
];

describe('the signee’s fields (issue #33 item 2)', () => {
  it('starts with empty text, unticked boxes and the suggested initials', () => {
    expect(initialEntries(FIELDS)).toEqual({ [id(2)]: '', [id(4)]: false, [id(5)]: '', [id(6)]: 'LL' });
  });

  it('counts the required fields left: name and date are filled by the server, the signature by the pad', () => {
    const entries = initialEntries(FIELDS);
    expect(unfilledRequired(FIELDS, entries, false).map((f) => f.id)).toEqual([id(2), id(3), id(4)]);
    expect(unfilledRequired(FIELDS, entries, true).map((f) => f.id)).toEqual([id(2), id(4)]);
    // Whitespace is not a value; an unticked optional box or empty optional text is not counted.
    const filled = { ...entries, [id(2)]: '  ', [id(4)]: true };
    expect(unfilledRequired(FIELDS, filled, true).map((f) => f.id)).toEqual([id(2)]);
    expect(unfilledRequired(FIELDS, { ...filled, [id(2)]: 'A 12' }, true)).toEqual([]);
    // Initials emptied by the signee are to fill again.
    expect(unfilledRequired(FIELDS, { ...filled, [id(2)]: 'A', [id(6)]: '' }, true).map((f) => f.id)).toEqual(
      [id(6)],
    );
  });

  it('goes to the next unfilled required field after the current one, wrapping round', () => {
    const entries = initialEntries(FIELDS);
    expect(nextField(FIELDS, entries, false, null)?.id).toBe(id(2));
    expect(nextField(FIELDS, entries, false, id(2))?.id).toBe(id(3));
    expect(nextField(FIELDS, entries, true, id(2))?.id).toBe(id(4));
    expect(nextField(FIELDS, entries, true, id(4))?.id).toBe(id(2));
    expect(nextField(FIELDS, { ...entries, [id(2)]: 'x', [id(4)]: true }, true, id(2))).toBeNull();
  });

  it('finds the problems the server would: required, too long, control characters', () => {
    const entries = {
      ...initialEntries(FIELDS),
      [id(2)]: 'x'.repeat(FIELD_TEXT_MAX + 1),
      [id(5)]: 'a\u202Eb',
      [id(6)]: 'L'.repeat(FIELD_INITIALS_MAX + 1),
    };
    expect(fieldProblems(FIELDS, entries)).toEqual({
      [id(2)]: 'tooLong',
      [id(4)]: 'required',
      [id(5)]: 'plainText',
      [id(6)]: 'tooLong',
    });
    expect(
      fieldProblems(FIELDS, { ...entries, [id(2)]: 'ok', [id(4)]: true, [id(5)]: '', [id(6)]: 'LL' }),
    ).toEqual({});
  });

  it('sends text trimmed and ticks as booleans; no value for name, date, signature or empty optional text', () => {
    const entries = { ...initialEntries(FIELDS), [id(2)]: '  Flat 12 ', [id(4)]: true };
    expect(fieldValuesBody(FIELDS, entries)).toEqual({ [id(2)]: 'Flat 12', [id(4)]: true, [id(6)]: 'LL' });
  });

  it('maps a 400 to the fields it names, by the body path or details.fields; other errors name none', () => {
    const byPath = new ApiError('VALIDATION_FAILED', 'x', 400, {
      [`fields.${id(4)}`]: 'Required.',
      signature: 'Draw.',
      [`fields.${id(99)}`]: 'Not yours.',
    });
    expect(serverFieldIds(byPath, FIELDS)).toEqual([id(4)]);
    const byDetails = new ApiError('VALIDATION_FAILED', 'x', 400, undefined, {
      details: { fields: [id(6), id(2)] } as never,
    });
    expect(serverFieldIds(byDetails, FIELDS)).toEqual([id(2), id(6)]);
    expect(serverFieldIds(new ApiError('CONFLICT', 'x', 409, { [`fields.${id(2)}`]: 'x' }), FIELDS)).toEqual(
      [],
    );
    expect(serverFieldIds(new Error('x'), FIELDS)).toEqual([]);
  });
});
