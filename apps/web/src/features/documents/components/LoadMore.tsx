import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The button under a list that fetches its next page (folders, filtered lists, the template library). */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const { t } = useTranslation('documents');
  if (!list.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
        {t('list.loadMore')}
      </Button>
    </Group>
  );
}
