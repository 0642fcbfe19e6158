import { ActionIcon, Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldsDraft } from '../lib/useFieldsDraft';

/**
 * Undo and Redo of the draft's changes: buttons with their names in the toolbar, icons (named for screen
 * readers, with a tooltip) in a phone's bottom bar. Disabled when there is nothing to take back or redo.
 */
export function UndoRedo({
  draft,
  compact,
}: {
  draft: Pick<FieldsDraft, 'undo' | 'redo' | 'canUndo' | 'canRedo'>;
  compact: boolean;
}) {
  const { t } = useTranslation('fields');
  const actions = [
    {
      name: t('editor.undo'),
      Icon: IconArrowBackUp,
      run: draft.undo,
      can: draft.canUndo,
      keys: 'Control+Z Meta+Z',
    },
    {
      name: t('editor.redo'),
      Icon: IconArrowForwardUp,
      run: draft.redo,
      can: draft.canRedo,
      keys: 'Control+Shift+Z Meta+Shift+Z Control+Y',
    },
  ];
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      {actions.map(({ name, Icon, run, can, keys }) =>
        compact ? (
          <ActionIcon
            key={name}
            variant="default"
            size="lg"
            aria-label={name}
            title={name}
            aria-keyshortcuts={keys}
            disabled={!can}
            onClick={run}
          >
            <Icon size={20} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            key={name}
            variant="default"
            size="sm"
            leftSection={<Icon size={18} aria-hidden />}
            aria-keyshortcuts={keys}
            disabled={!can}
            onClick={run}
          >
            {name}
          </Button>
        ),
      )}
    </Group>
  );
}
