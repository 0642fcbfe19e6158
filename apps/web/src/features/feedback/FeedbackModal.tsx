import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FEEDBACK_MESSAGE_MAX } from '@sinetti/contract';
import { AppModal } from '../../components/modals';
import { showError, showSuccess } from '../../components/toast';
import { errorText, hasReason } from '../../lib/errors';
import { useSendFeedback } from './api';

export interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * "Send feedback" (SPEC §2.5, issue 14 item 4): a short form e-mailed to the operator with the page it
 * was written on. What was typed stays if sending fails, so nothing is lost.
 */
export function FeedbackModal({ opened, onClose }: FeedbackModalProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const send = useSendFeedback();
  const [message, setMessage] = useState('');
  const empty = message.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || send.isPending) return;
    send.mutate(
      { message: message.trim(), page: pathname },
      {
        onSuccess: () => {
          showSuccess(t('feedback.sent'));
          setMessage('');
          onClose();
        },
        onError: (error) =>
          showError(
            hasReason(error, 'FEEDBACK_LIMIT', 'FEEDBACK_OFF') ? errorText(error) : t('feedback.failed'),
          ),
      },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('feedback.title')}
      icon={<IconMessage size={18} aria-hidden />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('feedback.text')}</Text>
          <Textarea
            label={t('feedback.label')}
            placeholder={t('feedback.placeholder')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={FEEDBACK_MESSAGE_MAX}
            rows={6}
            data-autofocus
            required
            description={`${message.length} / ${FEEDBACK_MESSAGE_MAX}`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              {t('feedback.cancel')}
            </Button>
            <Button type="submit" disabled={empty} loading={send.isPending}>
              {t('feedback.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
