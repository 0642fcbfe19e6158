import { Fragment, type ReactNode } from 'react';
import { Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below this width a list shows one card per row instead of a table that would be clipped. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * True on a phone-sized screen (see PHONE_QUERY), from the first render: read in an effect (Mantine's
 * default, for server rendering, which this app does not do) a phone rendered every list twice, first
 * as a table.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}

export interface ListColumn<T> {
  id: string;
  /** The column's name: the header cell's text, and the label of the value on a card. */
  header: string;
  /** A whole header cell instead of a plain one with `header` (e.g. a sort button). */
  headerCell?: ReactNode;
  cell: (row: T) => ReactNode;
  /** On a card: the heading line (`title`), a labelled value (`meta`, the default), or left out. */
  phone?: 'title' | 'meta' | 'hidden';
  /** Alignment of the table cells. */
  align?: 'left' | 'right';
}

export interface ResponsiveTableProps<T> {
  /** Accessible name of the table (and of the list of cards). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly ListColumn<T>[];
  /** The row's actions (a menu button); in the last column, on a card beside its heading. */
  actions?: (row: T) => ReactNode;
  /** Accessible name of the actions column. */
  actionsLabel?: string;
  /** A click on the row (outside its links and actions). */
  onRowClick?: (row: T) => void;
  /** The table scrolls sideways below this width (desktop and tablet). */
  minWidth?: number;
  rowTestId?: string;
}

/**
 * One list for every screen size (issue #12 item 9): a table on wide screens and, on a phone, one card per
 * row with its heading, every other value labelled, and the row's actions, so that nothing is clipped.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  return usePhone() ? <CardList {...props} /> : <WideTable {...props} />;
}

function WideTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  actionsLabel,
  onRowClick,
  minWidth = 640,
  rowTestId,
}: ResponsiveTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.headerCell ? (
                <Fragment key={column.id}>{column.headerCell}</Fragment>
              ) : (
                <Table.Th key={column.id} ta={column.align}>
                  {column.header}
                </Table.Th>
              ),
            )}
            {actions && (
              <Table.Th w={56}>
                <VisuallyHidden>{actionsLabel}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              data-testid={rowTestId}
            >
              {columns.map((column) => (
                <Table.Td key={column.id} ta={column.align}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions && <Table.Td onClick={(e) => e.stopPropagation()}>{actions(row)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CardList<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  onRowClick,
  rowTestId,
}: ResponsiveTableProps<T>) {
  const titles = columns.filter((c) => c.phone === 'title');
  const metas = columns.filter((c) => (c.phone ?? 'meta') === 'meta');
  return (
    <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper
          component="li"
          key={rowKey(row)}
          withBorder
          radius="md"
          p="sm"
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
          data-testid={rowTestId}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box miw={0} flex={1} style={{ overflowWrap: 'anywhere' }}>
              {titles.map((column) => (
                <Box key={column.id}>{column.cell(row)}</Box>
              ))}
            </Box>
            {actions && <Box onClick={(e) => e.stopPropagation()}>{actions(row)}</Box>}
          </Group>
          {metas.length > 0 && (
            <Group gap="xs" mt={6} wrap="wrap" align="center">
              {metas.map((column) => {
                const value = column.cell(row);
                if (value === null || value === undefined || value === false) return null;
                return (
                  <Group key={column.id} gap={4} wrap="nowrap" align="center">
                    <Text span size="xs" c="dimmed">
                      {column.header}:
                    </Text>
                    <Box fz="xs">{value}</Box>
                  </Group>
                );
              })}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
