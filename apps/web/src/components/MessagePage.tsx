import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

export interface MessagePageProps {
  title: string;
  /** Large icon above the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** Buttons below the text. */
  actions?: ReactNode;
}

/** A standalone page with one message: session expired, not found, and the like. */
export function MessagePage({ title, icon, children, actions }: MessagePageProps) {
  useDocumentTitle(`${title} · Sinetti`);
  return (
    <Container size={560} py={{ base: 40, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
        <Stack gap="md" align="flex-start">
          {icon && (
            <ThemeIcon size={56} radius="xl" variant="light">
              {icon}
            </ThemeIcon>
          )}
          <Title order={1} fz={28}>
            {title}
          </Title>
          {typeof children === 'string' ? <Text c="dimmed">{children}</Text> : children}
          {actions && <div>{actions}</div>}
        </Stack>
      </Paper>
    </Container>
  );
}
