import { Stack, TextInput, Title } from '@mantine/core';
import { templateValueProblem, type TemplateField } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';

export type FieldValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** `tenant_name` as a label: "Tenant name". */
export function fieldLabel(name: string): string {
  const words = name.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each field's value: what the user typed, else the field's default, else empty. */
export function fieldValues(fields: TemplateField[], typed: FieldValues = {}): FieldValues {
  return Object.fromEntries(fields.map((f) => [f.name, typed[f.name] ?? f.default ?? '']));
}

/**
 * The problems of the values as the server checks them (the contract's templateValueProblem), by field;
 * `problem` → the translated text is the caller's (create.fieldProblem.*).
 */
export function valueProblems(fields: TemplateField[], values: FieldValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const problem = templateValueProblem(field, values[field.name] ?? '');
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** One input per template field: text, a date picker or a number (decimal keyboard on phones). */
export function TemplateFieldInputs({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: TemplateField[];
  values: FieldValues;
  errors: FieldErrors;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation('documents');
  if (fields.length === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-labelledby="template-fields-title">
      <Title order={3} size="sm" id="template-fields-title">
        {t('create.fields.title')}
      </Title>
      {fields.map((field) => (
        <TextInput
          key={field.name}
          label={fieldLabel(field.name)}
          description={field.type === 'number' ? t('create.fields.numberHint') : undefined}
          type={field.type === 'date' ? 'date' : 'text'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          required
          value={values[field.name] ?? ''}
          error={errors[field.name] ? t(`create.fieldProblem.${errors[field.name] as 'empty'}`) : undefined}
          onChange={(event) => onChange(field.name, event.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}
