import { Button, Group, Modal, Text } from '@mantine/core';
import type { SessionInfo } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';

interface EndSessionModalProps {
  /** The session to end; null keeps the dialog closed. */
  session: SessionInfo | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (session: SessionInfo) => void;
}

/** Asks before ending a session; ending the current one signs the user out. */
export function EndSessionModal({ session, pending, onCancel, onConfirm }: EndSessionModalProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal opened={session !== null} onClose={onCancel} title={t('sessions.confirmTitle')} centered>
      {session && (
        <>
          <Text>
            {session.current
              ? t('sessions.confirmCurrent')
              : t('sessions.confirmText', { device: session.device })}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('sessions.cancel')}
            </Button>
            <Button color="red" loading={pending} onClick={() => onConfirm(session)} data-autofocus>
              {t('sessions.end')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
