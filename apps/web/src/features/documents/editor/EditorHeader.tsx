import { lazy, Suspense } from 'react';
import { Anchor, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Its own chunk: its form controls stay out of the chunks the editor shares with the rest of the app.
const InsertField = lazy(async () => ({ default: (await import('./InsertField')).InsertField }));

/**
 * The editor's top row: Back to the document, its name, whether changes are unsaved (and kept in this
 * browser), a template's Insert field, and Save.
 */
export function EditorHeader({
  id,
  name,
  template,
  dirty,
  draftKept,
  usable,
  saving,
  onSave,
  onInsert,
}: {
  id: string;
  name: string;
  template: boolean;
  dirty: boolean;
  draftKept: boolean;
  /** The editor has loaded and the lock is held. */
  usable: boolean;
  saving: boolean;
  onSave: () => void;
  onInsert: (tag: string) => boolean;
}) {
  const { t } = useTranslation('editor');
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm">
        <Anchor component={Link} to={`/document/${id}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('back')}
          </Group>
        </Anchor>
        <Title order={1} size="h3">
          {name}
        </Title>
        {dirty && <Badge color="orange">{t('unsaved')}</Badge>}
        {dirty && draftKept && (
          <Text size="xs" c="dimmed" role="status">
            {t('draftKept')}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {template && (
          <Suspense fallback={null}>
            <InsertField disabled={!usable} onInsert={onInsert} />
          </Suspense>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={onSave}
          loading={saving}
          disabled={!usable}
        >
          {t('save')}
        </Button>
      </Group>
    </Group>
  );
}
