import { api, mimeTypeOf, type Document } from '@sinetti/contract';
import {
  ApiError,
  endpointUrl,
  noteReply,
  readReply,
  replyError,
  requestHeaders,
  type ReplyData,
} from '../../../lib/api';

export const DOCX_MIME = mimeTypeOf('docx');

/** A file reply that is not the file: the server's JSON error, as ApiError. */
async function failure(res: Response): Promise<ApiError> {
  try {
    return replyError(res.status, await readReply<ReplyData>(res));
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('NETWORK', 'The server could not be reached.');
  }
}

/** The document's DOCX and the ETag (its SHA-256) that a save sends back as If-Match. */
export async function loadDocx(id: string, signal?: AbortSignal): Promise<{ file: Blob; etag: string }> {
  const endpoint = api.documents.download;
  const res = await send(endpointUrl(endpoint, { params: { id }, query: { rendition: 'original' } }), {
    headers: requestHeaders(endpoint.access),
    signal: signal ?? null,
  });
  if (!res.ok) throw await failure(res);
  return { file: await res.blob(), etag: res.headers.get('etag') ?? '' };
}

/**
 * Saves the edited DOCX over the version it was opened from (409 EDIT_CONFLICT if someone saved since);
 * `origin` uploaded: a file from the computer uploaded as the next version.
 */
export async function saveDocx(
  id: string,
  docx: Blob,
  etag: string,
  origin: 'edited' | 'uploaded' = 'edited',
): Promise<Document> {
  const endpoint = api.documents.saveContent;
  const res = await send(
    endpointUrl(endpoint, { params: { id }, ...(origin === 'uploaded' ? { query: { origin } } : {}) }),
    {
      method: 'PUT',
      headers: { ...requestHeaders(endpoint.access), 'content-type': DOCX_MIME, 'if-match': etag },
      body: docx,
    },
  );
  noteReply((name) => res.headers.get(name));
  const data = await res.json().catch(() => null);
  if (!res.ok || !data || data.status !== 'OK') {
    throw data ? replyError(res.status, data) : new ApiError('INTERNAL', 'Unreadable reply.', res.status);
  }
  return data.document as Document;
}
