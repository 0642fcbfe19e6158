import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page's place while its code or data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader role="status" aria-label={t('app.loading')} />
    </Center>
  );
}
