import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  isReservedFieldName,
  isTemplateFieldName,
  TEMPLATE_FIELD_TYPES,
  parseTemplateTag,
  templateTag,
  type TemplateFieldType,
} from '@sinetti/contract';

/**
 * Insert field (issue 13 item 4): a template's placeholder written at the cursor from the editor's
 * toolbar (name, type, optional default), checked by the same contract rules Use template reads it with.
 */
export function InsertField({
  onInsert,
  disabled,
}: {
  onInsert: (tag: string) => boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('editor');
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [type, setType] = useState<TemplateFieldType>('text');
  const [fallback, setFallback] = useState('');
  const [error, setError] = useState<string | null>(null);

  const insert = () => {
    const field = { name: name.trim(), type, default: fallback.trim() || null };
    if (!isTemplateFieldName(field.name)) {
      const reserved = isReservedFieldName(field.name);
      setError(reserved ? t('field.nameReserved', { name: field.name }) : t('field.nameInvalid'));
      return;
    }
    const tag = templateTag(field);
    if ('error' in parseTemplateTag(tag.slice(2, -2))) {
      setError(t(`field.defaultInvalid.${type}`));
      return;
    }
    if (!onInsert(tag)) {
      setError(t('field.insertFailed'));
      return;
    }
    setOpened(false);
    setName('');
    setFallback('');
    setError(null);
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Button
        variant="default"
        leftSection={<IconBraces size={16} aria-hidden />}
        onClick={() => setOpened((o) => !o)}
        disabled={disabled}
        aria-expanded={opened}
      >
        {t('field.insert')}
      </Button>
      {opened && (
        // A panel in the page, not a floating popover: the editor keeps its selection, and no popover code
        // joins the chunks this page shares with the rest of the app.
        <Paper withBorder p="sm" shadow="sm" w={300}>
          <Stack gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), insert())}>
            <TextInput
              label={t('field.name')}
              description={t('field.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
              autoFocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="insert-field-type">
                {t('field.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="insert-field-type"
                value={type}
                onChange={(v) => setType(v as TemplateFieldType)}
                data={TEMPLATE_FIELD_TYPES.map((value) => ({ value, label: t(`field.types.${value}`) }))}
              />
            </Stack>
            <TextInput
              label={t('field.default')}
              description={t('field.defaultHint')}
              value={fallback}
              onChange={(e) => setFallback(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit">{t('field.insertNow')}</Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
