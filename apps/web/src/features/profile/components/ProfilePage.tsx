import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { useBackLink } from '../../../lib/navigation';
import { DEFAULT_PROFILE_PAGE, PAGE_LABEL, isProfilePage, type ProfilePage as Page } from '../lib/pages';
import { LanguageRegionSection } from './LanguageRegionSection';
import { NotificationsSection } from './NotificationsSection';
import { OrganizationsSection } from './OrganizationsSection';
import { ProfileMenu } from './ProfileMenu';
import { SessionsSection } from './SessionsSection';

const SECTIONS = {
  'language-and-region': LanguageRegionSection,
  organizations: OrganizationsSection,
  notifications: NotificationsSection,
  sessions: SessionsSection,
} as const satisfies Record<Page, () => ReactNode>;

/** /profile/{page?}: the user's own settings with a side menu and a back button (SPEC §2.1, §2.5). */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { page } = useParams();
  const { search } = useLocation();
  const { goBack } = useBackLink();
  if (page !== undefined && !isProfilePage(page)) return <Navigate to={`/profile${search}`} replace />;
  const active = page ?? DEFAULT_PROFILE_PAGE;
  const Section = SECTIONS[active];

  return (
    <Stack gap="lg">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={goBack}>
          {t('back')}
        </Button>
      </Group>
      <Title order={1}>{t('title')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <ProfileMenu active={active} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Paper withBorder radius="md" p="lg" component="section">
            <Title order={2} size="h3" mb="md">
              {t(PAGE_LABEL[active])}
            </Title>
            <Section />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
