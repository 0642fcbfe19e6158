import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Document, type DocumentVersion } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { saveDocx } from '../editor/api';
import { refreshDocuments } from './keys';

const versionsKey = (docId: string) => ['documents', 'versions', docId] as const;

/** A document's versions, newest first (issue 13 item 3). Read again while one's PDF is being made. */
export function useVersions(docId: string) {
  return useQuery({
    queryKey: versionsKey(docId),
    queryFn: ({ signal }) =>
      call(api.versions.list, { params: { id: docId }, signal }).then((r) => r.versions),
    refetchInterval: (query) => (query.state.data?.some((v) => !v.hasPdf) ? 5000 : false),
  });
}

/** One version's PDF, base64, for the preview. */
export function useVersionPdf(docId: string, number: number | null) {
  return useQuery({
    queryKey: [...versionsKey(docId), 'pdf', number] as const,
    enabled: number !== null,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      call(api.versions.content, { params: { id: docId, number: number ?? 1 }, signal }).then(
        (r) => r.content,
      ),
  });
}

/** The text of `to` compared with `from`. */
export function useVersionCompare(docId: string, pair: { from: number; to: number } | null) {
  return useQuery({
    queryKey: [...versionsKey(docId), 'compare', pair?.from, pair?.to] as const,
    enabled: pair !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: ({ signal }) =>
      call(api.versions.compare, { params: { id: docId }, query: pair ?? { from: 1, to: 1 }, signal }).then(
        (r) => r.changes,
      ),
  });
}

/** After a restore or a new file: the versions, the document and its preview are read again. */
function useRefreshAfterChange(docId: string) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: versionsKey(docId) });
    await client.invalidateQueries({ queryKey: ['documents', 'content', docId] });
    await refreshDocuments(client);
  };
}

export function useRestoreVersion(docId: string) {
  const refresh = useRefreshAfterChange(docId);
  return useMutation({
    mutationFn: (number: number) => call(api.versions.restore, { params: { id: docId }, body: { number } }),
    onSettled: refresh,
  });
}

/** A DOCX from the computer as the next version, over `current` (its SHA-256; 409 EDIT_CONFLICT if stale). */
export function useUploadVersion(docId: string) {
  const refresh = useRefreshAfterChange(docId);
  return useMutation({
    mutationFn: ({ file, current }: { file: File; current: string }): Promise<Document> =>
      saveDocx(docId, file, `"${current}"`, 'uploaded'),
    onSettled: refresh,
  });
}

/** Saves one version's original file (or its PDF). */
export function downloadVersion(
  document: Pick<Document, 'id' | 'name'>,
  version: Pick<DocumentVersion, 'number' | 'extension'>,
  rendition: 'original' | 'pdf',
): Promise<void> {
  const extension = rendition === 'pdf' ? 'pdf' : version.extension;
  return downloadFile(
    api.documents.download,
    { params: { id: document.id }, query: { rendition, version: version.number } },
    `${document.name} (v${version.number}).${extension}`,
  );
}
