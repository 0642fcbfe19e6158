import type { TFunction } from 'i18next';
import type { PlacedField } from '@sinetti/contract';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';

/**
 * What a failed save says, by the error's code and reason, never by its English message: NOT_EDITABLE in
 * the fields' own words (the general text is about editing DOCX files); VALIDATION_FAILED names the first
 * field the server named (its `fields` keys are paths into the body, `fields.3.page`) and selects it;
 * anything else the reason's or code's text
 * (lib/errors.ts).
 */
export function saveErrorOf(
  error: unknown,
  fields: readonly PlacedField[],
  t: TFunction<'fields'>,
): { text: string; fieldId: string | null } {
  if (hasReason(error, 'NOT_EDITABLE')) return { text: t('errors.NOT_EDITABLE'), fieldId: null };
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
    const index = Object.keys(error.fields ?? {})
      .map((path) => /^fields\.(\d+)/.exec(path)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b)[0];
    const field = index === undefined ? undefined : fields[index];
    if (index === undefined || !field) return { text: t('errors.invalid'), fieldId: null };
    return {
      text: t('errors.invalidField', { number: index + 1, kind: t(`kinds.${field.kind}`), page: field.page }),
      fieldId: field.id,
    };
  }
  return { text: errorText(error), fieldId: null };
}
