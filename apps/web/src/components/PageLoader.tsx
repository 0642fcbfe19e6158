import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page's place (or a section's, with a smaller `minHeight`) while its code or data loads. */
export function PageLoader({ minHeight = '60vh', size }: { minHeight?: number | string; size?: 'sm' }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight}>
      <Loader size={size} role="status" aria-label={t('app.loading')} />
    </Center>
  );
}
