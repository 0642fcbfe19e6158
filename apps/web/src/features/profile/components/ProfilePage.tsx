import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { useBackLink } from '../../../lib/navigation';
import { DEFAULT_PROFILE_PAGE, PAGE_LABEL, isProfilePage, type ProfilePage as Page } from '../lib/pages';
import { LanguageRegionSection } from './LanguageRegionSection';
import { NotificationsSection } from './NotificationsSection';
import { ProfileMenu } from './ProfileMenu';
import { SessionsSection } from './SessionsSection';

/** The pages other features own, handed in by the route (features do not import each other). */
export interface ProfileSections {
  organizations: ComponentType;
}

const OWN_SECTIONS = {
  'language-and-region': LanguageRegionSection,
  notifications: NotificationsSection,
  sessions: SessionsSection,
} as const satisfies Record<Exclude<Page, keyof ProfileSections>, ComponentType>;

/** /profile/{page?}: the user's own settings with a side menu and a back button (SPEC §2.1, §2.5). */
export function ProfilePage({ sections }: { sections: ProfileSections }) {
  const { t } = useTranslation('profile');
  const { page } = useParams();
  const { search } = useLocation();
  const { goBack } = useBackLink();
  if (page !== undefined && !isProfilePage(page)) return <Navigate to={`/profile${search}`} replace />;
  const active = page ?? DEFAULT_PROFILE_PAGE;
  const Section: ComponentType = { ...OWN_SECTIONS, ...sections }[active];

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
