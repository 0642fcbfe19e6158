import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockPhoneWidth } from '../test/phone';
import { renderWithProviders } from '../test/utils';
import { ResponsiveTable, type ListColumn } from './ResponsiveTable';

interface Row {
  id: string;
  name: string;
}
const rows: Row[] = [
  { id: '1', name: 'Lease' },
  { id: '2', name: 'Offer' },
];

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const cell = vi.fn((row: Row) => row.name);
  const columns: ListColumn<Row>[] = [{ id: 'name', header: 'Name', cell, phone: 'title' }];
  renderWithProviders(
    <ResponsiveTable label="Documents" rows={rows} rowKey={(r) => r.id} columns={columns} />,
  );
  return { cell };
}

describe('ResponsiveTable', () => {
  it('is a table on a wide screen', () => {
    const { cell } = setup();
    expect(screen.getByRole('table', { name: 'Documents' })).toBeInTheDocument();
    expect(cell).toHaveBeenCalledTimes(2);
  });

  it('is cards on a phone from its first render: the rows are never rendered as a table first', () => {
    mockPhoneWidth();
    const { cell } = setup();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Lease')).toBeInTheDocument();
    expect(cell).toHaveBeenCalledTimes(2);
  });
});
