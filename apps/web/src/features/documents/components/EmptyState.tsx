import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';

/** An empty list: a header and a text (SPEC §2.3). */
export function EmptyState({ title, text, icon }: { title: string; text: string; icon?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon ?? <IconFolderOpen size={26} aria-hidden />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
