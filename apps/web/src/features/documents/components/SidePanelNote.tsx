import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The side panel until the signing feature fills it: a short, honest note. */
export function SidePanelNote() {
  const { t } = useTranslation('documents');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5">
        {t('document.signeesTitle')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('document.signingSoon')}
      </Text>
    </Paper>
  );
}
