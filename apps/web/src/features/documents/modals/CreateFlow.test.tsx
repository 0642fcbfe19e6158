import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { showError } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { FOLDER_ID, doc, signIn } from '../test/fixtures';
import { registerDocumentModals } from '.';

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

const progressOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow');

describe('create (SPEC §4.3)', () => {
  it('asks for a name per kind, then goes 33 → 67 → 100 % and opens the new folder', async () => {
    const folder = doc({ type: 'folder', name: 'Leases', parent: FOLDER_ID });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockApi({
      [`POST /api/documents/create/folder/${FOLDER_ID}`]: () => ({ status: 'OK', document: folder }),
    });
    const reply = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return (await reply?.(...args)) as Response;
    });
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-create-name', { type: 'folder', parent: FOLDER_ID }));

    const nameDialog = screen.getByRole('dialog', { name: 'New folder' });
    expect(progressOf(nameDialog)).toBe('33');
    const input = within(nameDialog).getByLabelText('Folder name');
    fireEvent.submit(input);
    expect(within(nameDialog).getByText('Please enter a name for the folder.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Leases' } });
    fireEvent.submit(input);

    await waitFor(() => expect(modalStore.isOpen('document-create-progress')).toBe(true));
    expect(modalStore.isOpen('document-create-name')).toBe(false);
    const progress = await screen.findByText('Creating the folder…');
    expect(progressOf(progress.closest('[role="dialog"]') as HTMLElement)).toBe('67');

    release();
    const complete = await screen.findByRole('dialog', { name: 'Folder created' });
    expect(progressOf(complete)).toBe('100');
    expect(callsTo(fetchMock, `POST /api/documents/create/folder/${FOLDER_ID}`)).toEqual([
      { name: 'Leases' },
    ]);
    fireEvent.click(within(complete).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/documents/${folder.id}`);
  });

  it('has its own required message for documents and templates, and opens a document', async () => {
    const contract = doc({ name: 'Offer' });
    mockApi({ 'POST /api/documents/create/contract': () => ({ status: 'OK', document: contract }) });
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-create-name', { type: 'template', parent: null }));
    const template = screen.getByRole('dialog', { name: 'New template' });
    fireEvent.submit(within(template).getByLabelText('Template name'));
    expect(within(template).getByText('Please enter a name for the template.')).toBeInTheDocument();

    act(() => modalStore.open('document-create-name', { type: 'contract', parent: null }));
    const dialog = screen.getByRole('dialog', { name: 'New document' });
    fireEvent.change(within(dialog).getByLabelText('Document name'), { target: { value: 'Offer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const complete = await screen.findByRole('dialog', { name: 'Document created' });
    fireEvent.click(within(complete).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/document/${contract.id}`);
  });

  it('shows the per-kind toast when creating fails', async () => {
    mockApi({
      'POST /api/documents/create/template': () => ({ status: 'ERROR', code: 'FORBIDDEN', message: 'No.' }),
    });
    renderAt(<ModalHost />);
    act(() => modalStore.open('document-create-name', { type: 'template', parent: null }));
    const dialog = screen.getByRole('dialog', { name: 'New template' });
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'NDA' } });
    fireEvent.submit(within(dialog).getByLabelText('Template name'));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The template could not be created.'));
    expect(modalStore.isOpen('document-create-progress')).toBe(false);
    expect(modalStore.isOpen('document-create-complete')).toBe(false);
  });

  describe('from a template with fields (issue 13 item 4)', () => {
    const TEMPLATE = { id: '9b2f6a8e-1c1d-4c3e-8f6a-0d1e2f3a4b5c', name: 'Lease' };
    const FIELDS = `GET /api/documents/template-fields/${TEMPLATE.id}`;
    const CONVERT = `POST /api/documents/convert/${TEMPLATE.id}`;
    const fields = [
      { name: 'tenant_name', type: 'text', default: null },
      { name: 'start_date', type: 'date', default: null },
      { name: 'rent', type: 'number', default: '950' },
    ];

    /** Opens Use template's dialog with these API replies (the template's fields, the conversion). */
    async function openFromTemplate(replies: Parameters<typeof mockApi>[0]) {
      const fetchMock = mockApi(replies);
      const { queryClient } = renderAt(<ModalHost />);
      act(() => modalStore.open('document-create-from-template', { parent: null, template: TEMPLATE }));
      const dialog = await screen.findByRole('dialog', { name: 'New document from a template' });
      return { fetchMock, queryClient, dialog };
    }

    /** Presses Create; the new document is made with exactly `sent` (besides the parent and no children). */
    async function expectCreated(
      dialog: HTMLElement,
      fetchMock: ReturnType<typeof mockApi>,
      sent: Record<string, unknown>,
    ) {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      await screen.findByRole('dialog', { name: 'Document created' });
      expect(callsTo(fetchMock, CONVERT)).toEqual([{ parent: null, includeChildren: false, ...sent }]);
    }

    it('asks for each field by type, checks the values as the server does, and sends them', async () => {
      const contract = doc({ name: 'Lease of flat 4' });
      const { fetchMock, dialog } = await openFromTemplate({
        [FIELDS]: () => ({ status: 'OK', fields, roles: [] }),
        [CONVERT]: () => ({ status: 'OK', documentId: contract.id }),
      });
      expect(within(dialog).getByRole('status')).toHaveTextContent("Reading the template's fields…");
      const group = await within(dialog).findByRole('group', { name: "Fill in the template's fields" });
      const tenant = within(group).getByLabelText(/Tenant name/);
      const start = within(group).getByLabelText(/Start date/);
      const rent = within(group).getByLabelText(/Rent/);
      expect(start).toHaveAttribute('type', 'date');
      expect(rent).toHaveAttribute('inputmode', 'decimal');
      expect(rent).toHaveValue('950');

      fireEvent.change(within(dialog).getByLabelText('Document name'), {
        target: { value: 'Lease of flat 4' },
      });
      fireEvent.change(rent, { target: { value: 'lots' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      // The name and the date are empty; the rent is not a number.
      expect(within(group).getAllByText('Please fill in this field.')).toHaveLength(2);
      expect(within(group).getByText('Please enter a number, e.g. 1250 or 1250,50.')).toBeInTheDocument();
      expect(callsTo(fetchMock, CONVERT)).toEqual([]);

      fireEvent.change(tenant, { target: { value: 'Äijälä Öhman' } });
      fireEvent.change(start, { target: { value: '2026-07-01' } });
      fireEvent.change(rent, { target: { value: '1 250,50' } });
      await expectCreated(dialog, fetchMock, {
        name: 'Lease of flat 4',
        values: { tenant_name: 'Äijälä Öhman', start_date: '2026-07-01', rent: '1 250,50' },
      });
    });

    it('keeps what was typed when the fields are read again (a late reply never undoes typing)', async () => {
      const contract = doc({ name: 'Lease' });
      const { fetchMock, queryClient, dialog } = await openFromTemplate({
        [FIELDS]: () => ({ status: 'OK', fields, roles: [] }),
        [CONVERT]: () => ({ status: 'OK', documentId: contract.id }),
      });
      const group = await within(dialog).findByRole('group', { name: "Fill in the template's fields" });
      fireEvent.change(within(group).getByLabelText(/Tenant name/), { target: { value: 'Äijälä Öhman' } });
      fireEvent.change(within(group).getByLabelText(/Start date/), { target: { value: '2026-07-01' } });
      // The fields arrive again, the rent's default changed: the typed values stay, the untouched rent follows.
      const changed = fields.map((f) => (f.name === 'rent' ? { ...f, default: '990' } : f));
      act(() => {
        queryClient.setQueryData(['documents', 'template-fields', TEMPLATE.id], {
          fields: changed,
          roles: [],
        });
      });
      await waitFor(() => expect(within(group).getByLabelText(/Rent/)).toHaveValue('990'));
      expect(within(group).getByLabelText(/Tenant name/)).toHaveValue('Äijälä Öhman');
      await expectCreated(dialog, fetchMock, {
        name: 'Lease',
        values: { tenant_name: 'Äijälä Öhman', start_date: '2026-07-01', rent: '990' },
      });
    });

    it('says why when the template’s fields cannot be read, and does not create', async () => {
      const { dialog } = await openFromTemplate({
        [FIELDS]: () => ({
          status: 'ERROR',
          code: 'CONFLICT',
          reason: 'TEMPLATE_INVALID',
          message: 'The template is broken.',
        }),
      });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        /The template's fields cannot be read/,
      );
      expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    });

    it('asks nothing more for a template without fields', async () => {
      const contract = doc({ name: 'NDA' });
      const { fetchMock, dialog } = await openFromTemplate({
        [FIELDS]: () => ({ status: 'OK', fields: [], roles: [] }),
        [CONVERT]: () => ({ status: 'OK', documentId: contract.id }),
      });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled());
      expect(within(dialog).queryByRole('group')).toBeNull();
      await expectCreated(dialog, fetchMock, { name: 'Lease' });
    });

    it('asks for a person per signee role, checks the addresses, and sends them in the roles’ order', async () => {
      const contract = doc({ name: 'Lease 7' });
      const { fetchMock, dialog } = await openFromTemplate({
        [FIELDS]: () => ({ status: 'OK', fields: [], roles: ['Tenant', 'Landlord'] }),
        [CONVERT]: () => ({ status: 'OK', documentId: contract.id }),
      });
      const roles = await within(dialog).findByRole('group', { name: 'Signees of the roles' });
      const tenant = within(roles).getByRole('group', { name: 'Tenant' });
      const landlord = within(roles).getByRole('group', { name: 'Landlord' });
      fireEvent.change(within(tenant).getByLabelText('Given name'), { target: { value: 'Tiina' } });
      fireEvent.change(within(tenant).getByLabelText(/Email/), { target: { value: 'tiina@example.com' } });
      fireEvent.change(within(landlord).getByLabelText(/Email/), { target: { value: 'TIINA@example.com ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(landlord).getByText('Two roles have the same email address.')).toBeInTheDocument();
      fireEvent.change(within(landlord).getByLabelText(/Email/), { target: { value: 'not an address' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(landlord).getByText('The format of the email address is invalid.')).toBeInTheDocument();
      expect(callsTo(fetchMock, CONVERT)).toEqual([]);

      fireEvent.change(within(landlord).getByLabelText('Given name'), { target: { value: 'Lauri' } });
      fireEvent.change(within(landlord).getByLabelText(/Email/), { target: { value: 'lauri@example.com' } });
      await expectCreated(dialog, fetchMock, {
        name: 'Lease',
        signees: [
          { role: 'Tenant', givenName: 'Tiina', familyName: '', email: 'tiina@example.com', language: 'en' },
          {
            role: 'Landlord',
            givenName: 'Lauri',
            familyName: '',
            email: 'lauri@example.com',
            language: 'en',
          },
        ],
      });
    });

    it('asks each role’s language like the signee form: the sender’s unless another is picked (issue #31 item 2)', async () => {
      const contract = doc({ name: 'Lease' });
      const { fetchMock, dialog } = await openFromTemplate({
        [FIELDS]: () => ({ status: 'OK', fields: [], roles: ['Tenant', 'Landlord'] }),
        [CONVERT]: () => ({ status: 'OK', documentId: contract.id }),
      });
      const roles = await within(dialog).findByRole('group', { name: 'Signees of the roles' });
      const tenant = within(roles).getByRole('group', { name: 'Tenant' });
      const landlord = within(roles).getByRole('group', { name: 'Landlord' });
      const language = (role: HTMLElement) => within(role).getByLabelText('Language', { selector: 'input' });
      expect(language(tenant)).toHaveValue('English');
      expect(language(landlord)).toHaveValue('English');
      fireEvent.click(language(landlord));
      fireEvent.click(await screen.findByRole('option', { name: 'Suomi' }));
      expect(language(landlord)).toHaveValue('Suomi');
      fireEvent.change(within(tenant).getByLabelText(/Email/), { target: { value: 'tiina@example.com' } });
      fireEvent.change(within(landlord).getByLabelText(/Email/), { target: { value: 'lauri@example.com' } });
      await expectCreated(dialog, fetchMock, {
        name: 'Lease',
        signees: [
          { role: 'Tenant', givenName: '', familyName: '', email: 'tiina@example.com', language: 'en' },
          { role: 'Landlord', givenName: '', familyName: '', email: 'lauri@example.com', language: 'fi' },
        ],
      });
    });

    it('asks for roles named like an object’s own machinery (toString, __proto__) like any other', async () => {
      const contract = doc({ name: 'Lease' });
      const { fetchMock, dialog } = await openFromTemplate({
        [FIELDS]: () => ({ status: 'OK', fields: [], roles: ['toString', '__proto__'] }),
        [CONVERT]: () => ({ status: 'OK', documentId: contract.id }),
      });
      const roles = await within(dialog).findByRole('group', { name: 'Signees of the roles' });
      const first = within(roles).getByRole('group', { name: 'toString' });
      const second = within(roles).getByRole('group', { name: '__proto__' });
      // Nothing is wrong before Create, then each role without an address says so.
      expect(within(roles).queryByText(/Email address is required/)).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(first).getByText('Email address is required for signees.')).toBeInTheDocument();
      expect(within(second).getByText('Email address is required for signees.')).toBeInTheDocument();
      fireEvent.change(within(first).getByLabelText(/Email/), { target: { value: 'tiina@example.com' } });
      fireEvent.change(within(second).getByLabelText(/Email/), { target: { value: 'pekka@example.com' } });
      await expectCreated(dialog, fetchMock, {
        name: 'Lease',
        signees: [
          { role: 'toString', givenName: '', familyName: '', email: 'tiina@example.com', language: 'en' },
          { role: '__proto__', givenName: '', familyName: '', email: 'pekka@example.com', language: 'en' },
        ],
      });
    });
  });
});
