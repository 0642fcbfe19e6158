import { Alert, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../lib/account';

/** Dashboard (SPEC §2.1). The state cards and the recent documents arrive with the documents feature. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { data } = useAccount();
  useDocumentTitle(`${t('nav.dashboard')} · Sinetti`);
  const person = data?.account.person;
  const name = person?.givenName || data?.account.fullName;

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1}>{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeNoName')}</Title>
        <Text c="dimmed" mt={4}>
          {t('dashboard.subtitle')}
        </Text>
      </div>
      <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title={t('dashboard.comingTitle')}>
        {t('dashboard.comingText')}
      </Alert>
    </Stack>
  );
}
