import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DECLINE_REASON_MAX } from '@sinetti/contract';
import { AppModal } from '../../../components/modals/AppModal';
import { errorText } from '../../../lib/errors';
import { declineSigning, type DeclineFrom } from '../api/public';

export interface DeclineDialogProps {
  from: DeclineFrom;
  opened: boolean;
  onClose: () => void;
  onDeclined: () => void;
}

/**
 * The decline dialog: a required reason (at most DECLINE_REASON_MAX characters), sent to the sender; the
 * signing then ends for everyone. Loaded when first opened (DeclineButton), not with the signing page.
 */
export function DeclineDialog({ from, opened, onClose, onDeclined }: DeclineDialogProps) {
  const { t } = useTranslation('signee');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const trimmed = reason.trim();
  const missing = touched && trimmed.length === 0;

  const close = () => {
    if (sending) return;
    onClose();
    setFailure(null);
  };
  const submit = async () => {
    setTouched(true);
    if (trimmed.length === 0 || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await declineSigning(from, trimmed);
      onDeclined();
    } catch (err) {
      setFailure(errorText(err, t('decline.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('decline.title')}
      icon={<IconBan size={18} aria-hidden />}
    >
      <Stack gap="md">
        <Text size="sm">{t('decline.text')}</Text>
        <Textarea
          data-autofocus
          label={t('decline.reason')}
          description={t('decline.reasonHint', { count: DECLINE_REASON_MAX - reason.length })}
          required
          rows={3}
          maxLength={DECLINE_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={missing ? t('decline.reasonRequired') : undefined}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={sending}>
            {t('decline.keep')}
          </Button>
          <Button color="red" onClick={() => void submit()} loading={sending}>
            {t('decline.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
