import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { P } from '@sinetti/contract';
import { decodePathParam } from '../../../lib/path-param';
import { ModalHost, modalStore } from '../../../components/modals';
import { mockPhoneWidth } from '../../../test/phone';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerDocumentModals } from '../modals';
import { doc, rolesReply, signIn } from '../test/fixtures';
import { DocumentTable } from './DocumentTable';

beforeEach(() => {
  signIn();
  registerDocumentModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
});

const folder = doc({ name: 'Contracts', type: 'folder', extension: '', state: 1 });
const lease = doc({ name: 'Lease', state: 30, created: '2025-01-01T08:00:00.000Z' });
const odd = doc({ name: 'Odd state', type: 'file', state: 100, created: '2025-01-02T08:00:00.000Z' });

function renderTable(permissions?: number[]) {
  const fetchMock = mockApi({ 'GET /api/privileges/account-roles': rolesReply(permissions) });
  const view = renderAt(
    <>
      <DocumentTable documents={[folder, lease, odd]} label="Documents" foldersFirst />
      <ModalHost />
    </>,
    { path: '/documents', url: '/documents' },
  );
  return { ...view, fetchMock };
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('document list (SPEC §2.3)', () => {
  it('shows type, name, state (unknown states as draft) and relative dates', async () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Documents' });
    await screen.findByRole('columnheader', { name: 'Actions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Name', 'State', 'Created', 'Last updated', 'Actions']);
    const oddRow = within(table).getByText('Odd state').closest('tr') as HTMLElement;
    expect(within(oddRow).getByText('Draft')).toBeInTheDocument();
    expect(within(oddRow).getByText('File')).toBeInTheDocument();
    expect(within(oddRow).getAllByText(/ago$/)).toHaveLength(2);
    expect(within(table).getByText('Signed')).toBeInTheDocument();
  });

  it('opens a folder as a listing with a way back and anything else as a document', async () => {
    renderTable();
    const folderLink = screen.getByRole('link', { name: 'Contracts' });
    const href = folderLink.getAttribute('href') ?? '';
    expect(href.split('?')[0]).toBe(`/documents/${folder.id}`);
    expect(decodePathParam(new URLSearchParams(href.split('?')[1]).get('back'))).toBe('/documents');
    expect(screen.getByRole('link', { name: 'Lease' })).toHaveAttribute('href', `/document/${lease.id}`);
    fireEvent.click(screen.getByText('Lease').closest('tr') as HTMLElement);
    expect(await screen.findByTestId('location')).toHaveTextContent(`/document/${lease.id}`);
  });

  it('sorts by a column header, folders staying first', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Documents' });
    expect(names(table)).toEqual(['Contracts', 'Lease', 'Odd state']);
    const created = within(table).getByRole('button', { name: 'Created' });
    fireEvent.click(created);
    fireEvent.click(created);
    expect(created.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(names(table)).toEqual(['Contracts', 'Odd state', 'Lease']);
  });

  it('marks the active sort column', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Documents' });
    const name = within(table).getByRole('button', { name: 'Name' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .filter((h) => h.dataset.active),
    ).toHaveLength(0);
    fireEvent.click(name);
    const active = within(table)
      .getAllByRole('columnheader')
      .filter((h) => h.dataset.active);
    expect(active.map((h) => [h.textContent, h.getAttribute('aria-sort')])).toEqual([['Name', 'ascending']]);
  });

  it('shows a card per document on a phone: name, state, last updated and the actions', async () => {
    mockPhoneWidth(390);
    renderTable();
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual([
      'Contracts',
      'Lease',
      'Odd state',
    ]);
    const leaseCard = cards[1] as HTMLElement;
    expect(leaseCard).toHaveTextContent('State:Signed');
    expect(leaseCard).toHaveTextContent(/Last updated:.*ago/);
    expect(cards[0]).not.toHaveTextContent('State:');
    fireEvent.click(await within(leaseCard).findByRole('button', { name: 'Actions for Lease' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Rename' }));
    expect(modalStore.isOpen('document-rename')).toBe(true);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    fireEvent.click(leaseCard);
    expect(await screen.findByTestId('location')).toHaveTextContent(`/document/${lease.id}`);
  });

  it('offers rename, move and delete by permission, never permissions', async () => {
    renderTable();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Lease' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Rename', 'Move', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(modalStore.isOpen('document-delete')).toBe(true);
  });

  it('shows only delete to a user who may delete but not edit, and no actions without either', async () => {
    const { unmount } = renderTable([P.DOCUMENTS_VIEW, P.DOCUMENTS_DELETE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Lease' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Delete']);
    unmount();
    const { fetchMock } = renderTable([P.DOCUMENTS_VIEW]);
    await screen.findByRole('table');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/privileges/account-roles')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
