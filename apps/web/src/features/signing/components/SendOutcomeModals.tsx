import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { formatMoney } from '../../../lib/money';

/** document-send-complete (SPEC §2.7). */
export function SendCompleteModal({ opened, close }: ModalComponentProps<'document-send-complete'>) {
  const { t } = useTranslation('signing');
  return (
    <AppModal
      opened={opened}
      onClose={close}
      overlayClose
      title={t('sendComplete.title')}
      icon={<IconCircleCheck size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('sendComplete.text')}</Text>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {t('sendComplete.ok')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** document-send-low-balance (SPEC §2.7, §8 LIMIT_LOW_BALANCE): continue goes to /settings/billing. */
export function LowBalanceModal({ props, opened, close }: ModalComponentProps<'document-send-low-balance'>) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  const { balance, required } = props ?? { balance: null, required: null };
  const toBilling = () => {
    close();
    void navigate('/settings/billing');
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('lowBalance.title')}
      icon={<IconWallet size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('lowBalance.text')}</Text>
        {balance !== null && required !== null && (
          <Text size="sm" c="dimmed">
            {t('lowBalance.amounts', { required: formatMoney(required), balance: formatMoney(balance) })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={toBilling} leftSection={<IconWallet size={16} aria-hidden />}>
            {t('lowBalance.continue')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
