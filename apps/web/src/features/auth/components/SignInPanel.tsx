import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { decodePathParam } from '../../../app/routes';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ProviderButtons } from './ProviderButtons';

/** The sign-in and sign-up pages (SPEC §2.1): headline, text, provider buttons, language switcher. */
export function SignInPanel({ variant }: { variant: 'signIn' | 'signUp' }) {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const redirect = decodePathParam(redirectParam) ?? undefined;
  const other = variant === 'signIn' ? '/signup' : '/signin';
  const otherHref = redirectParam ? `${other}?redirect=${encodeURIComponent(redirectParam)}` : other;

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
