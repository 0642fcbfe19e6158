import { Button } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useRemind } from '../api/process';

/**
 * Remind one signee (signeeId) or, without it, every signee who has not signed (issue 12 item 6). The
 * server rate-limits reminders; its REMIND_TOO_SOON says from when it is possible again.
 */
export function RemindButton({
  docId,
  signeeId,
  name,
}: {
  docId: string;
  signeeId?: string;
  /** The signee's name, for the button's accessible label. */
  name?: string;
}) {
  const { t } = useTranslation('signing');
  const remind = useRemind(docId);
  const onClick = () =>
    remind.mutate(signeeId, {
      onSuccess: (reply) => showSuccess(t('remind.sent', { count: reply.reminded.length })),
      onError: (error) => showError(errorText(error, t('remind.failed'))),
    });
  return (
    <Button
      size="xs"
      variant={signeeId ? 'subtle' : 'light'}
      loading={remind.isPending}
      onClick={onClick}
      leftSection={<IconBellRinging size={14} aria-hidden />}
      aria-label={signeeId ? t('remind.oneLabel', { name }) : undefined}
    >
      {signeeId ? t('remind.one') : t('remind.all')}
    </Button>
  );
}
