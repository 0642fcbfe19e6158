import { useEffect, useRef, useState, type RefObject } from 'react';
import { saveDraft } from './drafts';
import type { EditorHandle } from './DocxEditor';
import type { EditorSource } from './useEditorFile';

/** How long after the last change the draft is written to this browser. */
const DRAFT_DELAY_MS = 2000;

/**
 * Whether there are unsaved changes, and keeping them in this browser a moment after the last one (a
 * reload or a crash keeps them, issue 13 item 2). An export overtaken by a newer change is dropped: it must
 * neither overwrite a newer draft nor say "kept".
 */
export function useDraftKeeping({
  id,
  accountId,
  source,
  editor,
}: {
  id: string;
  accountId: string;
  source: EditorSource | null;
  editor: RefObject<EditorHandle | null>;
}) {
  const [dirty, setDirty] = useState(false);
  const [version, setVersion] = useState(0);
  /** Changes made so far (the draft timer compares it to know whether its export is still the latest). */
  const changes = useRef(0);
  /** The draft in this browser holds the latest change. */
  const [draftKept, setDraftKept] = useState(false);

  useEffect(() => {
    if (!dirty || !source || !accountId) return;
    const timer = setTimeout(() => {
      const exported = changes.current;
      const current = () => changes.current === exported;
      void editor.current?.exportDocx().then(async (file) => {
        if (!current()) return;
        await saveDraft(id, accountId, { base: source.etag, savedAt: new Date().toISOString(), file });
        if (current()) setDraftKept(true);
      });
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, version, source, id, accountId, editor]);

  /** The editor reported a change. */
  const changed = () => {
    changes.current += 1;
    setDirty(true);
    setDraftKept(false);
    setVersion(changes.current);
  };
  return { dirty, draftKept, changed, setDirty };
}
