import { lazy, Suspense, useRef, useState } from 'react';
import { Stack } from '@mantine/core';
import { useAccount } from '../../../lib/account';
import { saveBlob } from '../../../lib/download';
import { useDocument, useDocumentAbilities } from '../api/info';
import { deleteDraft } from './drafts';
import type { EditorHandle } from './DocxEditor';
import { EditorHeader } from './EditorHeader';
import { DraftNotice, LockNotice } from './EditorNotices';
import { EditorStatus } from './EditorStatus';
import { LeaveQuestion } from './LeaveQuestion';
import { useDraftKeeping } from './useDraftKeeping';
import { useEditLock } from './useEditLock';
import { useEditorFile } from './useEditorFile';
import { useLeaveGuard } from './useLeaveGuard';
import { useSaveEdits } from './useSaveEdits';

// SuperDoc is megabytes of script: the page shows at once (title, Back, "Opening…") and the editor's code
// loads beside the lock and the file, instead of the Edit link seeming dead until it has loaded.
const DocxEditor = lazy(async () => ({ default: (await import('./DocxEditor')).DocxEditor }));

/**
 * The editor route's page: the document's DOCX in SuperDoc, Save (stores it as the document's next
 * version; the server refuses it if someone else saved since it was opened) and Back. One person edits at
 * a time (the lock: others see who, and until when). Unsaved changes hold the user back, from links in
 * the app and from closing the tab alike, and are kept in this browser as a draft that a reload offers
 * back (issue 13 item 2). Each of these is a hook or a component of its own; this page wires them.
 */
export function EditorPage({ id }: { id: string }) {
  const document = useDocument(id);
  const can = useDocumentAbilities(id);
  const account = useAccount();
  const accountId = account.data?.account.id ?? '';
  const editable = can?.edit === true;
  const { lock, retry } = useEditLock(id, editable);
  const held = lock.state === 'held';
  const editor = useRef<EditorHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const file = useEditorFile(id, held, accountId, setProblem);
  const changes = useDraftKeeping({ id, accountId, source: file.source, editor });
  const { save, saving } = useSaveEdits({
    id,
    accountId,
    editor,
    source: file.source,
    onSaved: () => changes.setDirty(false),
    onProblem: setProblem,
  });
  const blocker = useLeaveGuard(changes.dirty, saving);
  const name = document.data?.name ?? '';

  return (
    <Stack gap="sm" p="md">
      <EditorHeader
        id={id}
        name={name}
        template={document.data?.type === 'template'}
        dirty={changes.dirty}
        draftKept={changes.draftKept}
        usable={ready && held}
        saving={saving}
        onSave={() => void save()}
        onInsert={(tag) => editor.current?.insertText(tag) ?? false}
      />
      <LeaveQuestion blocker={blocker} onLeave={() => deleteDraft(id, accountId)} />
      <LockNotice lock={lock} onRetry={retry} />
      {file.draft && file.source && (
        <DraftNotice
          draft={file.draft}
          current={file.draft.base === file.source.etag}
          onRestore={() => {
            file.restoreDraft();
            setReady(false);
            changes.setDirty(true);
          }}
          onDownload={() => file.draft && saveBlob(file.draft.file, `${name}.docx`)}
          onDiscard={file.discardDraft}
        />
      )}
      <EditorStatus lock={lock} problem={problem} abilitiesKnown={!!can} editable={editable} ready={ready} />
      {file.source && account.data && (
        <Suspense fallback={null}>
          <DocxEditor
            file={file.source.file}
            user={{ name: account.data.account.fullName, email: account.data.account.email }}
            onReady={(handle) => {
              editor.current = handle;
              setReady(true);
            }}
            onChange={changes.changed}
            onFailure={setProblem}
          />
        </Suspense>
      )}
    </Stack>
  );
}
