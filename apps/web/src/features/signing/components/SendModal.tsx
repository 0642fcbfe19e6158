import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, useModals, type ModalComponentProps } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useSend } from '../api/process';

/**
 * document-send (SPEC §2.7, §4.2): lists the signees and sends. OK closes it and shows send-complete;
 * LIMIT_LOW_BALANCE closes it and shows the low-balance dialog.
 */
export function SendModal({ props, opened, close }: ModalComponentProps<'document-send'>) {
  const { t } = useTranslation('signing');
  const modals = useModals();
  const send = useSend(props.documentId);

  const confirm = () => {
    if (send.isPending) return;
    send.mutate(undefined, {
      onSuccess: (reply) => {
        close();
        if (reply.status === 'OK') {
          props.onSent?.();
          modals.open('document-send-complete');
        } else {
          modals.open('document-send-low-balance', {
            balance: reply.balance ?? null,
            required: reply.required ?? null,
          });
        }
      },
      // A reason (e.g. PDF_TOO_COMPLEX, PDF_BUSY) has its own text; anything else the generic one.
      onError: (error) => showError(errorText(error, t('send.failed'))),
    });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('send.title')}
      icon={<IconSend size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('send.text')}</Text>
        <List aria-label={t('send.listLabel')} spacing={4} size="sm">
          {props.signees.map((s) => (
            <List.Item key={s.id}>
              {s.fullName.trim() && s.fullName !== s.email ? `${s.fullName} <${s.email}>` : s.email}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={send.isPending}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={confirm} loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {t('send.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
