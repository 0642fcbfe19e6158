import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DashboardCards } from '../features/documents/components/DashboardCards';
import { RecentDocuments } from '../features/documents/components/RecentDocuments';
import { useAccount } from '../lib/account';

/** Dashboard (SPEC §2.1): the state cards of the last month and the 8 most recently updated documents. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { data } = useAccount();
  useDocumentTitle(`${t('nav.dashboard')} · Sinetti`);
  const person = data?.account.person;
  const name = person?.givenName || data?.account.fullName;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeNoName')}</Title>
        <Text c="dimmed" mt={4}>
          {t('dashboard.subtitle')}
        </Text>
      </div>
      <DashboardCards />
      <RecentDocuments />
    </Stack>
  );
}
