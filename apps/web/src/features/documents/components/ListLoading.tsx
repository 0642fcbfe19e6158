import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list still loading (SPEC §8: listing failures other than search leave the list loading). */
export function ListLoading() {
  const { t } = useTranslation('documents');
  return (
    <Center py="xl" role="status" aria-label={t('list.loading')}>
      <Loader />
    </Center>
  );
}
