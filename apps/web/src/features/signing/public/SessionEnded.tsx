import { IconCircleX, IconHourglassOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../../components/MessagePage';
import { ApiError } from '../../../lib/api';
import { errorText, hasReason } from '../../../lib/errors';

/**
 * The signing page once its session can no longer be used. Why comes from the server's reason: a round
 * the sender cancelled says so (it never claims the session timed out); only an expired session, or one
 * ended without a reason, speaks of the 60 minutes.
 */
export function SessionEnded({ error }: { error: unknown }) {
  const { t } = useTranslation('signee');
  const why = error instanceof ApiError && error.reason ? error : null;
  if (hasReason(why, 'SIGNING_CANCELLED')) {
    return (
      <MessagePage title={t('session.cancelledTitle')} icon={<IconCircleX size={30} aria-hidden />}>
        {errorText(why)}
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t('session.expiredTitle')} icon={<IconHourglassOff size={30} aria-hidden />}>
      {why ? errorText(why) : t('session.expiredText')}
    </MessagePage>
  );
}
