import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DashboardCards } from '../features/documents/components/DashboardCards';
import { RecentDocuments } from '../features/documents/components/RecentDocuments';
import { InvitesPopup } from '../features/organizations/components/InvitesPopup';
import { registerOrganizationModals } from '../features/organizations/modals';
import { useAccount } from '../lib/account';

registerOrganizationModals();

/**
 * The greeting, by the account's given name once the account has loaded: its own component, so that the
 * account's arrival re-renders it alone, not the cards and the list beside it.
 */
function Welcome() {
  const { t } = useTranslation();
  const { data } = useAccount();
  const person = data?.account.person;
  const name = person?.givenName || data?.account.fullName;
  return (
    <div>
      <Title order={1}>{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeNoName')}</Title>
      <Text c="dimmed" mt={4}>
        {t('dashboard.subtitle')}
      </Text>
    </div>
  );
}

/**
 * Dashboard (SPEC §2.1): the state cards of the last month, the 8 most recently updated documents, and
 * the popup of pending organization invitations.
 */
export default function Dashboard() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.dashboard')} · Sinetti`);
  return (
    <Stack gap="xl">
      <Welcome />
      <DashboardCards />
      <RecentDocuments />
      <InvitesPopup />
    </Stack>
  );
}
