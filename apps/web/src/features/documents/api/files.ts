import { api, type Document, type UploadType } from '@sinetti/contract';
import { downloadFile } from '../../../lib/download';
import { upload } from '../../../lib/upload';

export interface UploadInput {
  type: UploadType;
  name: string;
  file: File;
  parent: string | null;
  onProgress: (percent: number) => void;
  /** Stops the upload (the promise then rejects with an AbortError). */
  signal?: AbortSignal;
}

/** Uploads a file as multipart (fields `name` and `file`) and answers the new document (SPEC §4.3). */
export async function uploadDocument(input: UploadInput): Promise<Document> {
  const reply = await upload(api.documents.upload, {
    params: { type: input.type, parent: input.parent ?? undefined },
    fields: { name: input.name },
    file: input.file,
    onProgress: input.onProgress,
    signal: input.signal,
  });
  return reply.document;
}

/** Saves the original file, or its PDF rendition. */
export function downloadDocument(
  document: Pick<Document, 'id' | 'name' | 'extension'>,
  rendition: 'original' | 'pdf' = 'original',
): Promise<void> {
  const extension = rendition === 'pdf' ? 'pdf' : document.extension;
  return downloadFile(
    api.documents.download,
    { params: { id: document.id }, query: { rendition } },
    extension ? `${document.name}.${extension}` : document.name,
  );
}
