import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTICES_PATH } from '../lib/notices';

/**
 * The link to the open-source licences: the third-party notices the build writes and the server serves as
 * a plain file (issue #28), so a page load, not a route of the app.
 */
export function LicencesLink() {
  const { t } = useTranslation();
  return (
    <Anchor href={NOTICES_PATH} size="sm">
      {t('footer.licences')}
    </Anchor>
  );
}
