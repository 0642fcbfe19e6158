import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { makeAbilities } from '../../../test/abilities';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerDocumentModals } from '../modals';
import { DOC_ID, doc, rolesReply, signIn } from '../test/fixtures';
import { DocumentPage } from './DocumentPage';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerDocumentModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const FOLDER = '00000000-0000-4000-8000-00000000f00d';
const SALES = { id: '00000000-0000-4000-8000-00000000a002', name: 'Sales' };
const INFO = `GET /api/documents/info/${DOC_ID}`;
const LIST = `GET /api/privileges/document-roles/${DOC_ID}`;
const CHANGE = `POST /api/privileges/document-roles/${DOC_ID}`;
const gone = { status: 'ERROR', code: 'NOT_FOUND', message: 'Document not found.' };

describe('roles that hide the item from the caller (issue #31 item 3: one toast, not two)', () => {
  it('says it once, in the saved toast, and leaves the page that can no longer open without an error toast', async () => {
    const document = doc({ id: DOC_ID, name: 'Board minutes', parent: FOLDER });
    let hidden = false;
    const fetchMock = mockApi({
      'GET /api/privileges/account-roles': rolesReply(),
      [INFO]: () => (hidden ? gone : { status: 'OK', document, abilities: makeAbilities() }),
      [LIST]: () =>
        hidden ? gone : { status: 'OK', roles: [], inheritedFrom: null, effective: [], available: [SALES] },
      // Sales is a role the caller does not hold: from now on they do not see the document.
      [CHANGE]: () => {
        hidden = true;
        return { status: 'OK', roles: [SALES], inheritedFrom: null, effective: [SALES], available: [SALES] };
      },
    });
    const { queryClient } = renderAt(
      <>
        <DocumentPage id={DOC_ID} />
        <ModalHost />
      </>,
      { path: '/document/:document', url: `/document/${DOC_ID}` },
    );
    await screen.findByRole('heading', { name: 'Board minutes', level: 1 });
    const ref = { id: DOC_ID, name: document.name, type: document.type, parent: FOLDER };
    act(() =>
      modalStore.open('document-roles', { document: ref, abilities: { editRoles: true, deleteRoles: true } }),
    );
    const dialog = screen.getByRole('dialog');
    const input = (await within(dialog).findAllByLabelText('Roles'))[0] as HTMLElement;
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Sales' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(`/documents/${FOLDER}`);
    expect(callsTo(fetchMock, CHANGE)).toEqual([{ add: [SALES.id], remove: [] }]);
    // Once every query has settled, no second toast has followed.
    await waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
    expect(showError).not.toHaveBeenCalled();
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(showSuccess).toHaveBeenCalledWith(
      'The permissions of “Board minutes” were saved. You no longer hold any of its roles, so you do not see it any more.',
    );
  });
});
