import { Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldWalk } from './useFieldWalk';

/**
 * The guided walk through the signee's fields, in the sticky action bar so that it stays at hand on a
 * phone: how many required fields are left, and Start (then Next field), which scrolls to the next unfilled
 * required field and focuses it.
 */
export function FieldWalker({ walk }: { walk: FieldWalk }) {
  const { t } = useTranslation('signee');
  if (walk.fields.length === 0) return null;
  const done = walk.left === 0;
  return (
    <Group
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      role="group"
      aria-label={t('fields.walker')}
      data-testid="field-walker"
    >
      <Group gap={6} wrap="nowrap" c={done ? 'teal.8' : undefined}>
        {done && <IconCheck size={16} aria-hidden />}
        <Text size="sm" fw={600} aria-live="polite">
          {done ? t('fields.allDone') : t('fields.left', { count: walk.left })}
        </Text>
      </Group>
      {!done && (
        <Button
          size="sm"
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
          onClick={walk.next}
        >
          {walk.current === null ? t('fields.start') : t('fields.next')}
        </Button>
      )}
    </Group>
  );
}
