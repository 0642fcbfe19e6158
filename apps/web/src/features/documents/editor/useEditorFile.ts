import { useEffect, useState } from 'react';
import { loadDocx } from './api';
import { deleteDraft, loadDraft, type Draft } from './drafts';

/** The DOCX the editor shows and the server's ETag of the file it was made from (Save sends it back). */
export interface EditorSource {
  file: Blob;
  etag: string;
}

/**
 * The file to edit, read once the edit lock is held, and the draft this browser kept of it (if any). A
 * restored draft becomes the source (on the stored file's ETag); a discarded one is deleted. `onProblem`
 * must be stable (a state setter): a new one would read the file again.
 */
export function useEditorFile(
  id: string,
  held: boolean,
  accountId: string,
  onProblem: (err: unknown) => void,
) {
  const [source, setSource] = useState<EditorSource | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (!held || !accountId) return;
    const controller = new AbortController();
    Promise.all([loadDocx(id, controller.signal), loadDraft(id, accountId)]).then(
      ([file, kept]) => {
        setSource(file);
        setDraft(kept);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) onProblem(err);
      },
    );
    return () => controller.abort();
  }, [id, held, accountId, onProblem]);

  const restoreDraft = () => {
    if (!draft || !source) return;
    setSource({ file: draft.file, etag: source.etag });
    setDraft(null);
  };
  const discardDraft = () => {
    setDraft(null);
    void deleteDraft(id, accountId);
  };
  return { source, draft, restoreDraft, discardDraft };
}
