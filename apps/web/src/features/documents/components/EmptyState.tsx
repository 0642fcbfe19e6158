import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';

/** An empty list: a header, a text (SPEC §2.3) and a call to action (issue 12 item 12). */
export function EmptyState({
  title,
  text,
  icon,
  action,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
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
        {action}
      </Stack>
    </Paper>
  );
}
