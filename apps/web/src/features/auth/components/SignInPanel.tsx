import { Alert, Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { decodePathParam } from '../../../app/routes';
import { useSession, sessionStore } from '../../../lib/session';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ProviderButtons } from './ProviderButtons';

/**
 * The sign-in and sign-up pages (SPEC §2.1): headline, text, provider buttons, language switcher; after a
 * session ran out from inactivity, a note that says so.
 */
export function SignInPanel({ variant }: { variant: 'signIn' | 'signUp' }) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const redirect = decodePathParam(redirectParam) ?? undefined;
  const other = variant === 'signIn' ? '/signup' : '/signin';
  const otherHref = redirectParam ? `${other}?redirect=${encodeURIComponent(redirectParam)}` : other;
  // A session that ran out while the tab was idle lands here: say why instead of a bare sign-in page.
  useSession();
  const lapsed = variant === 'signIn' && sessionStore.lapsedIdle();

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480}>
        <Stack gap="lg">
          <Group justify="flex-end">
            <LanguageSwitcher />
          </Group>
          <Stack gap="xs" ta="center">
            <Title order={1} size="h2">
              {t(`${variant}.title`)}
            </Title>
            <Text c="dimmed">{t(`${variant}.text`)}</Text>
          </Stack>
          {lapsed && (
            <Alert color="blue" icon={<IconClockHour4 aria-hidden />} role="status">
              {t('signIn.idleExpired')}
            </Alert>
          )}
          <ProviderButtons redirect={redirect} />
          <Text size="sm" ta="center">
            {t(`${variant}.switchText`)}{' '}
            <Anchor component={Link} to={otherHref}>
              {t(`${variant}.switchLink`)}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
