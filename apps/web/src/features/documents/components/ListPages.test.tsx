import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { FOLDER_ID, doc, rolesReply, signIn } from '../test/fixtures';
import { FilteredPage, TemplatesPage } from './FilteredPage';
import { FolderPage } from './FolderPage';
import { SearchPage } from './SearchPage';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

const SEARCH = 'POST /api/documents/search?limit=100&offset=0';
const ARCHIVED = 'POST /api/documents/search/archived?orderBy=updated&orderValue=DESC&limit=50';

describe('search page (SPEC §2.1, §8)', () => {
  it('shows the search text in the title and the results', async () => {
    const fetchMock = mockApi({
      'GET /api/privileges/account-roles': rolesReply(),
      [SEARCH]: () => ({ status: 'OK', documents: [doc({ name: 'Lease Helsinki' })], hasMore: false }),
    });
    renderAt(<SearchPage text="vuokra sopimus" />);
    expect(screen.getByRole('heading', { name: 'Search results for “vuokra sopimus”' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Lease Helsinki' })).toBeInTheDocument();
    expect(callsTo(fetchMock, SEARCH)).toEqual([{ text: 'vuokra sopimus' }]);
  });

  it('shows an empty list when the search fails', async () => {
    mockApi({ [SEARCH]: () => ({ status: 'ERROR', code: 'VALIDATION_FAILED', message: 'Too short.' }) });
    renderAt(<SearchPage text="abcd" />);
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.getByText('No document name or content matches “abcd”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('filtered lists and the template library', () => {
  it('lists one state, most recently updated first', async () => {
    const fetchMock = mockApi({
      [`${ARCHIVED}&offset=0`]: () => ({
        status: 'OK',
        documents: [doc({ name: 'Old lease', state: 40 })],
        hasMore: false,
      }),
    });
    renderAt(<FilteredPage filter="archived" />);
    expect(screen.getByRole('heading', { name: 'Archived' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Old lease' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `${ARCHIVED}&offset=0`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('loads the next page of a long list on request', async () => {
    const fetchMock = mockApi({
      [`${ARCHIVED}&offset=0`]: () => ({
        status: 'OK',
        documents: [doc({ name: 'First page lease', state: 40 })],
        hasMore: true,
      }),
      [`${ARCHIVED}&offset=50`]: () => ({
        status: 'OK',
        documents: [doc({ name: 'Second page lease', state: 40 })],
        hasMore: false,
      }),
    });
    renderAt(<FilteredPage filter="archived" />);
    expect(await screen.findByRole('link', { name: 'First page lease' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Second page lease' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First page lease' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `${ARCHIVED}&offset=50`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows an empty state per filter, and the templates by name', async () => {
    mockApi({
      'POST /api/documents/search/signing?orderBy=updated&orderValue=DESC&limit=50&offset=0': () => ({
        status: 'OK',
        documents: [],
        hasMore: false,
      }),
      'POST /api/documents/search?type=template&orderBy=name&orderValue=ASC&limit=50&offset=0': () => ({
        status: 'OK',
        documents: [doc({ name: 'NDA', type: 'template' })],
        hasMore: false,
      }),
    });
    const { unmount } = renderAt(<FilteredPage filter="signing" />);
    expect(await screen.findByText('Nothing is waiting for signatures')).toBeInTheDocument();
    unmount();
    renderAt(<TemplatesPage />);
    expect(screen.getByRole('heading', { name: 'Template library' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'NDA' })).toBeInTheDocument();
  });
});

describe('folder listing (SPEC §2.1, §2.3)', () => {
  it('shows the breadcrumbs to the folder and an empty state', async () => {
    const top = doc({ name: 'Clients', type: 'folder' });
    const folder = doc({ id: FOLDER_ID, name: 'Acme', type: 'folder', parent: top.id });
    mockApi({
      [`GET /api/documents/list/${FOLDER_ID}?limit=50&offset=0`]: () => ({
        status: 'OK',
        root: folder,
        documents: [],
        hasMore: false,
      }),
      [`GET /api/documents/info/${FOLDER_ID}`]: () => ({ status: 'OK', document: folder }),
      [`GET /api/documents/info/${top.id}`]: () => ({ status: 'OK', document: top }),
    });
    renderAt(<FolderPage parent={FOLDER_ID} />);
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByText('This folder is empty')).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Folder path' });
    expect(await within(trail).findByRole('link', { name: 'Clients' })).toHaveAttribute(
      'href',
      `/documents/${top.id}`,
    );
    expect(within(trail).getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/documents');
  });

  it('goes to /documents for a folder that does not exist', async () => {
    mockApi({});
    renderAt(<FolderPage parent={FOLDER_ID} />, {
      path: '/documents/:parent',
      url: `/documents/${FOLDER_ID}`,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/documents$/);
  });
});
