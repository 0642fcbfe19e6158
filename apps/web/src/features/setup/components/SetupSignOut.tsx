import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../api/sign-out';

/** Every wizard screen can sign out (SPEC §2.6): the session ends on the server and here. */
export function SetupSignOut() {
  const { t } = useTranslation('setup');
  const signOut = useSignOut();
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLogout size={18} aria-hidden />}
      loading={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {t('actions.signOut')}
    </Button>
  );
}
