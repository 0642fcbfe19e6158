import { useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../../components/toast';
import { refreshDocuments } from '../api/keys';
import { saveDocx } from './api';
import type { EditorHandle } from './DocxEditor';
import { deleteDraft } from './drafts';
import type { EditorSource } from './useEditorFile';

/**
 * Save: stores the edited DOCX as the document's next version (the server refuses it if someone else saved
 * since it was opened), forgets the draft and goes back to the document. A failure stays on the page.
 */
export function useSaveEdits({
  id,
  accountId,
  editor,
  source,
  onSaved,
  onProblem,
}: {
  id: string;
  accountId: string;
  editor: RefObject<EditorHandle | null>;
  source: EditorSource | null;
  onSaved: () => void;
  onProblem: (err: unknown) => void;
}) {
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!editor.current || !source) return;
    setSaving(true);
    onProblem(null);
    try {
      await saveDocx(id, await editor.current.exportDocx(), source.etag);
      onSaved();
      await deleteDraft(id, accountId);
      // Its lists' "updated", its versions and a template's fields all changed with the file.
      void refreshDocuments(queryClient);
      showSuccess(t('saved'));
      navigate(`/document/${id}`);
    } catch (err) {
      onProblem(err);
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
