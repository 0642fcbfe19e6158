import { Button, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@sinetti/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { showError } from '../../../components/toast';
import { useSignInProviders } from '../api/config';
import { completeSignIn } from '../api/complete-sign-in';
import { useLogin } from '../api/login';
import { browser } from '../lib/browser';

/** SPEC §9: sign-in buttons are 342 px wide. */
export const SIGN_IN_BUTTON_WIDTH = 342;

const ICONS = { google: IconBrandGoogle, microsoft: IconBrandWindows } as const;
const NAMES = { google: 'Google', microsoft: 'Microsoft' } as const;

function errorKey(error: unknown) {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return 'errors.rateLimited' as const;
  if (error instanceof ApiError && error.code === 'NETWORK') return 'errors.network' as const;
  return 'errors.signInFailed' as const;
}

/** One button per sign-in provider; a click sends the browser to the provider (SPEC §4.4). */
export function ProviderButtons({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('auth');
  const { providers, isLoading } = useSignInProviders();
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [active, setActive] = useState<Platform | null>(null);

  async function start(platform: Platform) {
    setActive(platform);
    try {
      const reply = await login.mutateAsync({ platform, redirect });
      if (reply.status === 'AUTHORIZATION_REQUIRED' && reply.redirectUrl) {
        // The button keeps loading while the browser leaves for the provider.
        browser.goTo(reply.redirectUrl);
        return;
      }
      navigate(await completeSignIn(reply, queryClient), { replace: true });
    } catch (error) {
      setActive(null);
      showError(t(errorKey(error)));
    }
  }

  const local = providers.filter((p) => p.local).map((p) => NAMES[p.platform]);
  return (
    <Stack gap="sm" align="center">
      {providers.map(({ platform }) => {
        const Icon = ICONS[platform];
        return (
          <Button
            key={platform}
            variant="default"
            size="md"
            w={SIGN_IN_BUTTON_WIDTH}
            maw="100%"
            leftSection={<Icon size={20} aria-hidden />}
            loading={active === platform}
            disabled={isLoading || (active !== null && active !== platform)}
            onClick={() => void start(platform)}
          >
            {t(`providers.${platform}`)}
          </Button>
        );
      })}
      {local.length > 0 && (
        <Text size="sm" c="orange.8" maw={SIGN_IN_BUTTON_WIDTH} ta="center" role="note">
          <IconInfoCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {local.length > 1 ? t('devNote.both') : t('devNote.one', { provider: local[0] })}
        </Text>
      )}
    </Stack>
  );
}
