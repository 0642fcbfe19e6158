import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAbilities } from '../../../test/abilities';
import { renderSignedIn } from '../../../test/signed-in';
import { resetTestState, stubRoutes, type FakeReply } from '../../../test/utils';
import { doc } from '../test/fixtures';
import DocumentEditor from '../../../routes/DocumentEditor';
import type { EditorHandle } from './DocxEditor';

// SuperDoc itself runs in the browser tests (e2e/editor.e2e.test.ts); here a stand-in with its contract.
const editor = vi.hoisted(() => ({ change: null as null | (() => void) }));
vi.mock('./DocxEditor', () => ({
  DocxEditor: ({ onReady, onChange }: { onReady: (h: EditorHandle) => void; onChange: () => void }) => {
    editor.change = onChange;
    setTimeout(() => onReady({ exportDocx: () => Promise.resolve(new Blob(['edited-docx'])) }), 0);
    return <div data-testid="fake-editor" />;
  },
}));

afterEach(() => resetTestState());

const lease = doc({ name: 'Lease', type: 'contract', extension: 'docx' });
const INFO = `GET /api/documents/info/${lease.id}`;
const DOWNLOAD = `GET /api/documents/download/${lease.id}?rendition=original`;
const SAVE = `PUT /api/documents/content/${lease.id}`;
const ETAG = `"${'a'.repeat(64)}"`;

function open(replies: Record<string, FakeReply | ((init: RequestInit) => FakeReply)>, edit = true) {
  const routes = stubRoutes().map((r) =>
    r.name === 'DocumentEditor' ? { ...r, load: () => Promise.resolve({ default: DocumentEditor }) } : r,
  );
  return renderSignedIn(`/edit/${lease.id}`, {
    routes,
    replies: {
      [INFO]: { body: { status: 'OK', document: lease, abilities: makeAbilities({ edit }) } },
      [DOWNLOAD]: { body: 'docx-bytes', headers: { etag: ETAG } },
      ...replies,
    },
  });
}

describe('the editor page (issue 13 item 1)', { timeout: 20_000 }, () => {
  it('saves the edited DOCX over the file it opened (If-Match) and returns to the document', async () => {
    let sent: RequestInit | undefined;
    const { fetchMock } = open({
      [SAVE]: (init) => {
        sent = init;
        return { body: { status: 'OK', document: { ...lease, conversion: 'pending' } } };
      },
    });
    await screen.findByRole('heading', { name: 'Lease', level: 1 });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    act(() => editor.change?.());
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(save);
    expect(await screen.findByText('page:Document')).toBeInTheDocument();
    expect(new Headers(sent?.headers).get('if-match')).toBe(ETAG);
    expect(new Headers(sent?.headers).get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    // The exported file itself is the body (jsdom's Blob has no text()).
    expect((sent?.body as Blob).size).toBe('edited-docx'.length);
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/documents/download/${lease.id}?rendition=original`,
      expect.anything(),
    );
  });

  it('says so when someone else saved first, and keeps the editor open', async () => {
    open({
      [SAVE]: {
        status: 409,
        body: {
          status: 'ERROR',
          code: 'CONFLICT',
          reason: 'EDIT_CONFLICT',
          message: 'Saved by someone else.',
        },
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone saved this document after you opened it.',
    );
    expect(screen.getByTestId('fake-editor')).toBeInTheDocument();
  });

  it('holds back a move away with unsaved changes until the user chooses', async () => {
    open({});
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    act(() => editor.change?.());
    fireEvent.click(screen.getByRole('link', { name: 'Back to the document' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Your changes are not saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to the document' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('page:Document')).toBeInTheDocument();
  });

  it('does not open a document that cannot be edited', async () => {
    const { fetchMock } = open({}, false);
    expect(await screen.findByText(/^This document cannot be edited/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/download/'))).toBe(false);
    expect(screen.queryByTestId('fake-editor')).toBeNull();
  });
});
