import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDIT_LOCK_HEARTBEAT_MS } from '@sinetti/contract';
import { makeAbilities } from '../../../test/abilities';
import { renderSignedIn } from '../../../test/signed-in';
import { resetTestState, stubRoutes, type FakeReply } from '../../../test/utils';
import { doc } from '../test/fixtures';
import DocumentEditor from '../../../routes/DocumentEditor';
import type { EditorHandle } from './DocxEditor';

// SuperDoc itself runs in the browser tests (e2e/editor.e2e.test.ts); here a stand-in with its contract.
const editor = vi.hoisted(() => ({
  change: null as null | (() => void),
  file: null as Blob | null,
  inserted: [] as string[],
  /** While set, exports wait for it (a slow export on a busy machine). */
  gate: null as null | Promise<void>,
  exports: 0,
  /** While set, the editor says it is ready only once it resolves (SuperDoc loading its engine). */
  readyGate: null as null | Promise<void>,
}));
vi.mock('./DocxEditor', () => ({
  DocxEditor: ({
    file,
    onReady,
    onChange,
  }: {
    file: Blob;
    onReady: (h: EditorHandle) => void;
    onChange: () => void;
  }) => {
    editor.change = onChange;
    editor.file = file;
    setTimeout(
      () =>
        void Promise.resolve(editor.readyGate).then(() =>
          onReady({
            exportDocx: async () => {
              editor.exports += 1;
              await editor.gate;
              return new Blob(['edited-docx']);
            },
            insertText: (text) => {
              editor.inserted.push(text);
              return true;
            },
          }),
        ),
      0,
    );
    return <div data-testid="fake-editor" />;
  },
}));

// IndexedDB is not in jsdom: the drafts store is a stand-in with the same functions.
const drafts = vi.hoisted(() => ({
  kept: null as null | { base: string; savedAt: string; file: Blob },
  saved: [] as unknown[],
  deleted: 0,
}));
vi.mock('./drafts', () => ({
  loadDraft: () => Promise.resolve(drafts.kept),
  saveDraft: (_id: string, _account: string, draft: unknown) => {
    drafts.saved.push(draft);
    return Promise.resolve();
  },
  deleteDraft: () => {
    drafts.deleted += 1;
    return Promise.resolve();
  },
}));

afterEach(() => {
  resetTestState();
  Object.assign(drafts, { kept: null, saved: [], deleted: 0 });
  Object.assign(editor, { gate: null, exports: 0, readyGate: null });
});

const lease = doc({ name: 'Lease', type: 'contract', extension: 'docx' });
const INFO = `GET /api/documents/info/${lease.id}`;
const DOWNLOAD = `GET /api/documents/download/${lease.id}?rendition=original`;
const SAVE = `PUT /api/documents/content/${lease.id}`;
const ETAG = `"${'a'.repeat(64)}"`;
const LOCK = `POST /api/documents/edit-lock/${lease.id}`;
const RELEASE = `POST /api/documents/edit-lock/${lease.id}/release`;
const HELD = { body: { status: 'OK', until: '2026-11-26T10:02:00.000Z' } };
const LOCKED: FakeReply = {
  status: 409,
  body: {
    status: 'ERROR',
    code: 'CONFLICT',
    reason: 'EDIT_LOCKED',
    details: { lockedBy: 'Eeva Editor', lockedUntil: '2026-11-26T10:02:00.000Z' },
    message: 'Locked.',
  },
};

function open(replies: Record<string, FakeReply | ((init: RequestInit) => FakeReply)>, edit = true) {
  const routes = stubRoutes().map((r) =>
    r.name === 'DocumentEditor' ? { ...r, load: () => Promise.resolve({ default: DocumentEditor }) } : r,
  );
  return renderSignedIn(`/edit/${lease.id}`, {
    routes,
    replies: {
      [INFO]: { body: { status: 'OK', document: lease, abilities: makeAbilities({ edit }) } },
      [DOWNLOAD]: { body: 'docx-bytes', headers: { etag: ETAG } },
      [LOCK]: HELD,
      [RELEASE]: { body: { status: 'OK' } },
      ...replies,
    },
  });
}

describe('the editor page (issue 13 item 1)', () => {
  it('says it is opening the document until the editor is ready, Save disabled meanwhile', async () => {
    let ready = () => {};
    editor.readyGate = new Promise((resolve) => (ready = resolve));
    open({});
    await screen.findByTestId('fake-editor'); // the file is there, the editor not yet ready
    expect(screen.getByRole('status')).toHaveTextContent('Opening the document…');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    act(() => ready());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByText('Opening the document…')).toBeNull();
  });

  it('saves the edited DOCX over the file it opened (If-Match) and returns to the document', async () => {
    let sent: RequestInit | undefined;
    const { fetchMock, queryClient } = open({
      [SAVE]: (init) => {
        sent = init;
        return { body: { status: 'OK', document: { ...lease, conversion: 'pending' } } };
      },
    });
    // What other pages read earlier: a list (its "updated") and a template's fields change with the file.
    const folder = ['documents', 'folder', 'root'];
    const fields = ['documents', 'template-fields', lease.id];
    queryClient.setQueryData(folder, { documents: [lease] });
    queryClient.setQueryData(fields, { fields: [], roles: [] });
    await screen.findByRole('heading', { name: 'Lease', level: 1 });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    act(() => editor.change?.());
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(save);
    expect(await screen.findByText('page:Document')).toBeInTheDocument();
    expect(queryClient.getQueryState(folder)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(fields)?.isInvalidated).toBe(true);
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

  it('waits while someone else edits, says who and until when, and opens once they are done', async () => {
    let locked = true;
    const { fetchMock } = open({ [LOCK]: () => (locked ? LOCKED : HELD) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Eeva Editor is editing this document');
    expect(screen.getByRole('alert')).toHaveTextContent('from 26 Nov 2026, 12:02');
    expect(screen.queryByTestId('fake-editor')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/download/'))).toBe(false);
    locked = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('fake-editor')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says editing was taken over when a renewal of the lock finds someone else holding it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let taken = false;
      open({ [LOCK]: () => (taken ? LOCKED : HELD) });
      expect(await screen.findByTestId('fake-editor')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      taken = true;
      fireEvent.keyDown(window, { key: 'a' });
      await act(() => vi.advanceTimersByTimeAsync(EDIT_LOCK_HEARTBEAT_MS + 1000));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Editing taken over');
      expect(alert).toHaveTextContent('Eeva Editor took over editing while you were away');
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a draft export that a newer change overtook: it neither overwrites nor says kept', async () => {
    open({});
    await screen.findByTestId('fake-editor');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    let release = () => {};
    editor.gate = new Promise<void>((resolve) => (release = resolve));
    act(() => editor.change?.());
    await waitFor(() => expect(editor.exports).toBe(1));
    // A change while that export runs; then the export finishes.
    act(() => editor.change?.());
    editor.gate = null;
    await act(async () => release());
    expect(drafts.saved).toHaveLength(0);
    expect(screen.queryByText('Changes kept in this browser')).toBeNull();
    // The newer change's own export is kept.
    await waitFor(() => expect(drafts.saved).toHaveLength(1));
    expect(await screen.findByText('Changes kept in this browser')).toBeInTheDocument();
    expect(editor.exports).toBe(2);
  });

  it('keeps unsaved changes in this browser, offers them back after a reload, and forgets them on save', async () => {
    const kept = new Blob(['draft-docx']);
    drafts.kept = { base: ETAG, savedAt: '2026-11-26T08:30:00.000Z', file: kept };
    open({ [SAVE]: { body: { status: 'OK', document: lease } } });
    expect(
      await screen.findByText(/^Changes you made on .* were not saved, but this browser kept them/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore them' }));
    await waitFor(() => expect(editor.file).toBe(kept));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // A change is written to the draft store a moment later.
    act(() => editor.change?.());
    await waitFor(() => expect(drafts.saved).toHaveLength(1));
    expect(await screen.findByText('Changes kept in this browser')).toBeInTheDocument();
    expect(drafts.saved[0]).toMatchObject({ base: ETAG });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('page:Document')).toBeInTheDocument();
    expect(drafts.deleted).toBe(1);
  });

  it('offers a draft made on an older file only for download, never over the newer one', async () => {
    drafts.kept = {
      base: `"${'b'.repeat(64)}"`,
      savedAt: '2026-11-26T08:30:00.000Z',
      file: new Blob(['old']),
    };
    open({});
    expect(await screen.findByText(/someone has saved the document since/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore them' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(drafts.deleted).toBe(1));
    expect(screen.queryByText(/someone has saved the document since/)).toBeNull();
  });

  it('inserts a template field from the toolbar, checked as Use template reads it', async () => {
    open({
      [INFO]: {
        body: {
          status: 'OK',
          document: { ...lease, type: 'template' },
          abilities: makeAbilities({ edit: true }),
        },
      },
    });
    const insert = await screen.findByRole('button', { name: 'Insert field' });
    await waitFor(() => expect(insert).toBeEnabled());
    fireEvent.click(insert);
    const name = await screen.findByLabelText('Field name');
    fireEvent.change(name, { target: { value: 'constructor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(
      await screen.findByText('“constructor” is a reserved name. Please choose another.'),
    ).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'rent' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Number' }));
    fireEvent.change(screen.getByLabelText('Default (optional)'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await screen.findByText("A number's default is a number, e.g. 950.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Default (optional)'), { target: { value: '950' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(editor.inserted).toEqual(['{{rent:number|950}}']));
  });

  it('offers Insert field only in templates', async () => {
    open({});
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Insert field' })).toBeNull();
  });
});
