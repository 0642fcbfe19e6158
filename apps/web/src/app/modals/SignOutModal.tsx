import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal, ModalConfirmButton, type ModalComponentProps } from '../../components/modals';
import { signOut } from '../../lib/sign-out';

/** sign-out (SPEC §2.7): confirmation with a red button; overlay click closes it. */
export function SignOutModal({ opened, close }: ModalComponentProps<'sign-out'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    await signOut(queryClient, () => {
      close();
      void navigate('/signin', { replace: true });
    });
    setPending(false);
  };

  return (
    <AppModal
      destructive
      opened={opened}
      onClose={close}
      title={t('signOut.title')}
      icon={<IconLogout size={18} aria-hidden />}
      overlayClose
    >
      <Text>{t('signOut.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <ModalConfirmButton onClick={() => void confirm()} loading={pending}>
          {t('signOut.confirm')}
        </ModalConfirmButton>
      </Group>
    </AppModal>
  );
}
