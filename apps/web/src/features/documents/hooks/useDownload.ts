import { useState } from 'react';
import type { Document } from '@sinetti/contract';
import { downloadDocument } from '../api/files';
import { useDocumentErrorDialog } from './useDocumentErrors';

/** Saves the original file or its PDF; a failure opens the document-error dialog. */
export function useDownload(document: Pick<Document, 'id' | 'name' | 'extension'>) {
  const showError = useDocumentErrorDialog();
  const [pending, setPending] = useState(false);
  const download = async (rendition: 'original' | 'pdf' = 'original') => {
    if (pending) return;
    setPending(true);
    try {
      await downloadDocument(document, rendition);
    } catch (err) {
      showError(err);
    } finally {
      setPending(false);
    }
  };
  return { download, pending };
}
