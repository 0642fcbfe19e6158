import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextOrder, type SortColumn, type SortOrder } from '../lib/sort';

/**
 * A column header that sorts by its column. The active column stands out (colour, underline, a solid
 * arrow) and its order is announced with aria-sort.
 */
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
      data-active={active ? true : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        onClick={() => onChange(nextOrder(order, column))}
        fw={active ? 700 : 600}
        fz="sm"
        c={active ? 'var(--mantine-primary-color-filled)' : undefined}
        td={active ? 'underline' : undefined}
      >
        <Group gap={4} wrap="nowrap">
          {t(`columns.${column}`)}
          <Arrow size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
