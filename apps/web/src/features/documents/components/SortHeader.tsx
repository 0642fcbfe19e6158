import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextOrder, type SortColumn, type SortOrder } from '../lib/sort';

/** A column header that sorts by its column; the current order is announced with aria-sort. */
export function SortHeader({
  column,
  order,
  onChange,
}: {
  column: SortColumn;
  order: SortOrder | null;
  onChange: (order: SortOrder) => void;
}) {
  const { t } = useTranslation('documents');
  const active = order?.column === column ? order.direction : null;
  const Arrow = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onChange(nextOrder(order, column))} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {t(`columns.${column}`)}
          <Arrow size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
