import type { ComponentType } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useBackLink } from '../../../lib/navigation';
import { useSettingsViewer, type SettingsContext } from '../hooks/useSettingsViewer';
import {
  DEFAULT_SETTINGS_PAGE,
  SETTINGS_PAGE_LABEL,
  accessTo,
  isSettingsPage,
  isSubPageOf,
  visiblePages,
  type SettingsPageName,
} from '../lib/sections';
import { SettingsMenu } from './SettingsMenu';
import { NoAccess, SettingsFailed, SettingsLoading } from './SectionNotices';

/** The pages, which other features provide (the route wires them in: features do not import each other). */
export type SettingsSections = Record<SettingsPageName, ComponentType>;

/**
 * /settings/{page?}/{subPage?}: organization settings with a side menu of the pages the user may open
 * (SPEC §2.5, §6), a back button (SPEC §2.2) and the page itself, or why it cannot be opened.
 */
export function SettingsPage({ sections }: { sections: SettingsSections }) {
  const { t } = useTranslation('settings');
  const { page, subPage } = useParams();
  const { goBack } = useBackLink();
  const context = useSettingsViewer();
  useDocumentTitle(`${t('title')} · Sinetti`);
  if (page !== undefined && !isSettingsPage(page)) return <Navigate to="/page-not-found" replace />;
  const active = page ?? DEFAULT_SETTINGS_PAGE;
  if (subPage !== undefined && !isSubPageOf(active, subPage))
    return <Navigate to="/page-not-found" replace />;

  return (
    <Stack gap="lg">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={goBack}>
          {t('back')}
        </Button>
      </Group>
      <div>
        <Title order={1}>{t('title')}</Title>
        {context.organizationName && <Text c="dimmed">{context.organizationName}</Text>}
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          {context.status === 'ready' && (
            <SettingsMenu pages={visiblePages(context.viewer)} active={active} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Paper withBorder radius="md" p="lg" component="section">
            <Title order={2} size="h3" mb="md">
              {t(SETTINGS_PAGE_LABEL[active])}
            </Title>
            <SettingsBody page={active} context={context} sections={sections} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function SettingsBody({
  page,
  context,
  sections,
}: {
  page: SettingsPageName;
  context: SettingsContext;
  sections: SettingsSections;
}) {
  if (context.status === 'error') return <SettingsFailed onRetry={context.retry} />;
  if (context.status === 'loading') return <SettingsLoading />;
  const access = accessTo(page, context.viewer);
  if (access !== 'open') return <NoAccess reason={access} organization={context.organizationName} />;
  const Section = sections[page];
  return <Section />;
}
