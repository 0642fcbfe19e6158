import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Document } from '@sinetti/contract';
import { forceReloadContent } from '../api/content';
import { documentKeys } from '../api/keys';
import { refreshReloadsInfo } from '../lib/states';
import { useDocumentErrorDialog } from './useDocumentErrors';

/**
 * The refresh action (SPEC §2.4): from Signing (20) on the document is reloaded; below it the content is
 * force-reloaded. `reload` reads the document again (the signing slots use it after send and cancel).
 */
export function useDocumentRefresh(document: Document | undefined) {
  const queryClient = useQueryClient();
  const showError = useDocumentErrorDialog();
  const [refreshing, setRefreshing] = useState(false);

  const reload = async (): Promise<void> => {
    if (!document) return;
    await queryClient.refetchQueries({ queryKey: documentKeys.info(document.id), exact: true });
  };

  const refresh = async (): Promise<void> => {
    if (!document || refreshing) return;
    setRefreshing(true);
    try {
      if (refreshReloadsInfo(document.state)) await reload();
      else await forceReloadContent(queryClient, document.id, document.conversion);
    } catch (err) {
      showError(err);
    } finally {
      setRefreshing(false);
    }
  };

  return { refresh, reload, refreshing };
}
