import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { P } from '@sinetti/contract';
import { modalStore } from '../../../components/modals/store';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { FOLDER_ID, doc, rolesReply, signIn } from '../test/fixtures';
import { FilteredPage, TemplatesPage } from './FilteredPage';
import { FolderPage } from './FolderPage';

beforeEach(() => signIn());
afterEach(async () => {
  vi.unstubAllGlobals();
  modalStore.reset();
  await changeLanguage('en');
});

const ROLES = 'GET /api/privileges/account-roles';
const ROOT = 'GET /api/documents/list?limit=50&offset=0';
const emptyList = () => ({ status: 'OK', root: null, documents: [], hasMore: false });
const emptySearch = () => ({ status: 'OK', documents: [], hasMore: false });
const opened = () => modalStore.get().map((m) => ({ name: m.name, props: m.props }));

describe('empty lists call to action (issue 12 item 12)', () => {
  it.each([
    ['en', 'Upload a document'],
    ['fi', 'Tuo asiakirja'],
  ] as const)('%s: an empty folder offers "%s", which opens the upload into it', async (lang, label) => {
    await changeLanguage(lang);
    const folder = doc({ id: FOLDER_ID, name: 'Acme', type: 'folder' });
    mockApi({
      [ROLES]: rolesReply(),
      [`GET /api/documents/list/${FOLDER_ID}?limit=50&offset=0`]: () => ({ ...emptyList(), root: folder }),
      [`GET /api/documents/info/${FOLDER_ID}`]: () => ({ status: 'OK', document: folder }),
    });
    renderAt(<FolderPage parent={FOLDER_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: label }));
    expect(opened()).toEqual([{ name: 'document-upload', props: { parent: FOLDER_ID } }]);
  });

  it('offers no upload without the documents-create permission', async () => {
    const fetchMock = mockApi({ [ROLES]: rolesReply([P.DOCUMENTS_VIEW]), [ROOT]: emptyList });
    renderAt(<FolderPage parent={null} />);
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    // The permissions have been answered and rendered, and still no button.
    await waitFor(() => expect(callsTo(fetchMock, ROLES)).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Upload a document' })).not.toBeInTheDocument();
  });

  it('the empty template library creates a template', async () => {
    mockApi({
      [ROLES]: rolesReply(),
      'POST /api/documents/search?type=template&orderBy=name&orderValue=ASC&limit=50&offset=0': emptySearch,
    });
    renderAt(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create a template' }));
    expect(opened()).toEqual([{ name: 'document-create-name', props: { type: 'template', parent: null } }]);
  });

  it('an empty archive leads to the documents; empty drafts offer an upload', async () => {
    mockApi({
      [ROLES]: rolesReply(),
      'POST /api/documents/search/archived?orderBy=updated&orderValue=DESC&limit=50&offset=0': emptySearch,
      'POST /api/documents/search/draft?orderBy=updated&orderValue=DESC&limit=50&offset=0': emptySearch,
    });
    const { unmount } = renderAt(<FilteredPage filter="draft" />);
    expect(await screen.findByRole('button', { name: 'Upload a document' })).toBeInTheDocument();
    unmount();
    renderAt(<FilteredPage filter="archived" />);
    expect(await screen.findByText('The archive is empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to documents' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/documents$/);
  });
});
