import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors';

/**
 * The send dialog's warning when the server answered PDF_REWRITE_NEEDED: the PDF cannot be kept byte for
 * byte, so signatures already in it would be lost. The text is the reason's (errors namespace).
 */
export function SendRewriteNotice({ error }: { error: unknown }) {
  const { t } = useTranslation('signing');
  return (
    <Alert color="yellow" title={t('send.rewriteTitle')} icon={<IconAlertTriangle size={18} aria-hidden />}>
      {errorText(error)}
    </Alert>
  );
}
