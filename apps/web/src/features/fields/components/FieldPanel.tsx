import { useRef } from 'react';
import { Button, Checkbox, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIELD_LABEL_MAX, type PlacedField } from '@sinetti/contract';
import { assign, assigneeKey, fieldAssigneeKey, type Assignee } from '../lib/assignees';
import { newGesture } from '../lib/history';
import { ALWAYS_FILLED } from '../lib/useFieldsDraft';

/**
 * The selected field's settings: whom it is for, whether it is required, the label the signee sees; and
 * delete. With `editable` false they are shown, not changed. The keys' hint is here, beside the field.
 */
export function FieldPanel({
  field,
  assignees,
  editable,
  compact,
  onChange,
  onDelete,
}: {
  field: PlacedField | null;
  assignees: Assignee[];
  editable: boolean;
  compact: boolean;
  /** A change; those with the same gesture (typing the label, from focus to blur) are one undo step. */
  onChange: (change: Partial<PlacedField>, gesture?: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('fields');
  const typing = useRef<string | null>(null);
  if (!field) {
    return compact ? null : (
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('panel.label')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('panel.none')}
        </Text>
        {editable && (
          <Text size="xs" c="dimmed">
            {t('panel.keys')}
          </Text>
        )}
      </Stack>
    );
  }
  const always = ALWAYS_FILLED.includes(field.kind);
  const current = fieldAssigneeKey(field);
  const options = assignees.map((a) => ({
    value: assigneeKey(a),
    label: a.type === 'role' ? t('panel.role', { role: a.name }) : a.name,
  }));
  return (
    <Stack gap="xs" role="region" aria-label={t('panel.label')} data-testid="field-panel">
      {!compact && (
        <Title order={2} size="h5">
          {t('panel.label')}: {t(`kinds.${field.kind}`)}
        </Title>
      )}
      <Select
        label={t('panel.signee')}
        size={compact ? 'xs' : 'sm'}
        data={options}
        value={options.some((o) => o.value === current) ? current : null}
        onChange={(value) => {
          const to = assignees.find((a) => assigneeKey(a) === value);
          if (to) onChange(assign(to));
        }}
        allowDeselect={false}
        disabled={!editable}
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox
        label={t('panel.required')}
        description={always ? t('panel.alwaysFilled') : undefined}
        checked={always || field.required}
        disabled={!editable || always}
        onChange={(event) => onChange({ required: event.currentTarget.checked })}
      />
      <TextInput
        label={t('panel.fieldLabel')}
        description={compact ? undefined : t('panel.fieldLabelHint')}
        size={compact ? 'xs' : 'sm'}
        value={field.label}
        maxLength={FIELD_LABEL_MAX}
        readOnly={!editable}
        onFocus={() => {
          typing.current = newGesture();
        }}
        onBlur={() => {
          typing.current = null;
        }}
        onChange={(event) => onChange({ label: event.currentTarget.value }, typing.current ?? newGesture())}
      />
      {editable && (
        <Button
          variant="light"
          color="red"
          size={compact ? 'xs' : 'sm'}
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onDelete}
        >
          {t('panel.delete')}
        </Button>
      )}
      {editable && !compact && (
        <Text size="xs" c="dimmed">
          {t('panel.keys')}
        </Text>
      )}
    </Stack>
  );
}
