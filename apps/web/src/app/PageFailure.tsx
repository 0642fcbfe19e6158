import { useEffect } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportUncaught } from '../lib/error-reporting';

/**
 * Shown when a page fails to load or render (for example after a new release replaced its file): says
 * so, offers a reload and reports the error. Both roots use it (the app's RouteError, the public root).
 */
export function PageFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
    reportUncaught(error);
  }, [error]);
  return (
    <Container size="sm" py={80}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{t('routeError.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}
