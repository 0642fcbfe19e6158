import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document, DocumentAbilities } from '@sinetti/contract';
import { ModalHost, modalStore } from '../../../components/modals';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { registerDocumentModals } from '../modals';
import { DOC_ID, doc, rolesReply, signIn } from '../test/fixtures';
import { DocumentPage } from './DocumentPage';
import { makeAbilities } from '../../../test/abilities';

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

const HASH = 'a'.repeat(64);
const INFO = `GET /api/documents/info/${DOC_ID}`;
const CONTENT = `GET /api/documents/content/${DOC_ID}`;
const FORCED = `GET /api/documents/content/${DOC_ID}/${HASH}?force=true`;
const text = {
  status: 'OK',
  hash: HASH,
  content: btoa('hello'),
  contentMimeType: 'text/plain',
  conversion: 'none',
};

function openPage(
  document: Document | (() => unknown),
  replies: Parameters<typeof mockApi>[0] = {},
  abilities: Partial<DocumentAbilities> = {},
) {
  const fetchMock = mockApi({
    'GET /api/privileges/account-roles': rolesReply(),
    [INFO]:
      typeof document === 'function'
        ? document
        : () => ({ status: 'OK', document, abilities: makeAbilities(abilities) }),
    [CONTENT]: () => text,
    [FORCED]: () => text,
    ...replies,
  });
  renderAt(
    <>
      <DocumentPage
        id={DOC_ID}
        sidePanel={({ document: d }) => <p>Panel for {d.name}</p>}
        extraActions={({ document: d }) => <button type="button">Send {d.name}</button>}
      />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
  return fetchMock;
}

const file = (overrides: Partial<Document> = {}) =>
  doc({ id: DOC_ID, name: 'Notes', type: 'file', extension: 'txt', mimeType: 'text/plain', ...overrides });

describe('document page (SPEC §2.4)', () => {
  it('fills the side panel and extra actions slots and offers no preview for other types', async () => {
    openPage(file());
    expect(await screen.findByRole('heading', { name: 'Notes', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Panel for Notes')).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Document actions' });
    expect(within(toolbar).getByRole('button', { name: 'Send Notes' })).toBeInTheDocument();
    expect(await screen.findByText('No preview for this file type')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('preview-notice')).getByRole('button', { name: 'Download' }),
    ).toBeVisible();
    await within(toolbar).findByRole('button', { name: 'Rename' });
    expect(within(toolbar).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('force-reloads the content on refresh below Signing', async () => {
    const fetchMock = openPage(file({ state: 1 }));
    await screen.findByText('No preview for this file type');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(fetchMock, FORCED)).toHaveLength(1));
    expect(callsTo(fetchMock, INFO)).toHaveLength(1);
  });

  it('reloads the document on refresh from Signing on', async () => {
    const fetchMock = openPage(file({ state: 20 }), {}, { archive: false });
    await screen.findByText('No preview for this file type');
    expect(screen.getByText('Pending')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(fetchMock, INFO)).toHaveLength(2));
    expect(callsTo(fetchMock, FORCED)).toHaveLength(0);
    // Signing: nothing to archive.
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('offers restore for an archived document', async () => {
    openPage(file({ state: 40 }), {}, { archive: false, restore: true });
    await screen.findByText('No preview for this file type');
    expect(screen.getByText('Archived')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it("offers exactly what the server's abilities allow", async () => {
    const viewer = {
      rename: false,
      move: false,
      delete: false,
      archive: false,
      viewRoles: false,
      edit: false,
    };
    openPage(file({ state: 1 }), {}, viewer);
    await screen.findByText('No preview for this file type');
    const toolbar = await screen.findByRole('toolbar', { name: 'Document actions' });
    for (const name of ['Rename', 'Archive', 'Delete', 'Permissions']) {
      expect(within(toolbar).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(toolbar).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('offers Edit, to the editor route, when the server says the document can be edited', async () => {
    const editable = file({ state: 1 });
    openPage(editable, {}, { edit: true });
    const toolbar = await screen.findByRole('toolbar', { name: 'Document actions' });
    expect(within(toolbar).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/edit/${editable.id}`,
    );
  });

  it('opens the document-error dialog with the fileNotFound text when the file is missing', async () => {
    openPage(file(), {
      [CONTENT]: () => ({ status: 'ERROR', code: 'FILE_NOT_FOUND', message: 'Missing.' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'File not found' });
    expect(dialog).toHaveTextContent('please contact support');
  });

  it('says the PDF is being made and shows the preview once the conversion is done', async () => {
    let conversion = 'pending';
    const fetchMock = openPage(() => ({
      status: 'OK',
      document: file({
        type: 'contract',
        extension: 'docx',
        conversion: conversion as Document['conversion'],
      }),
    }));
    expect(await screen.findByText('Preparing the preview')).toBeInTheDocument();
    expect(callsTo(fetchMock, CONTENT)).toHaveLength(0);
    conversion = 'done';
    await waitFor(() => expect(callsTo(fetchMock, CONTENT)).toHaveLength(1));
    expect(await screen.findByText('No preview for this file type')).toBeInTheDocument();
  });

  it('says why a conversion failed when the server gives the reason', async () => {
    openPage(() => ({
      status: 'OK',
      document: file({
        type: 'contract',
        extension: 'docx',
        conversion: 'failed',
        conversionFailure: 'TOO_LARGE',
      }),
    }));
    expect(await screen.findByText('No preview')).toBeInTheDocument();
    expect(await screen.findByText(/too large or too complex to convert/)).toBeInTheDocument();
  });

  it('clears a document that cannot be read and goes to /documents', async () => {
    openPage(() => ({ status: 'ERROR', code: 'NOT_FOUND', message: 'Not found.' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/documents$/);
  });
});
