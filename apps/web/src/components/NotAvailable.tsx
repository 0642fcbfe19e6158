import type { ReactNode } from 'react';
import { Alert, Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * An honest placeholder for a page whose feature is not built yet: the page title and a notice.
 * `actions` (for example a back button) go below the notice.
 */
export function NotAvailable({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · Sinetti`);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg" align="flex-start">
        <Title order={1}>{title}</Title>
        <Alert
          variant="light"
          color="gray"
          icon={<IconClockHour4 aria-hidden />}
          title={t('notAvailable.title')}
        >
          {t('notAvailable.text')}
        </Alert>
        {actions}
      </Stack>
    </Container>
  );
}
