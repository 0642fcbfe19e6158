import type { Endpoint } from '@sinetti/contract';
import type { z } from 'zod';
import { ApiError, endpointUrl, noteReply, replyError, requestHeaders, type Input } from './api';
import { sessionStore } from './session';

export interface UploadInput<E extends Endpoint> {
  params?: Input<E>['params'];
  /** Text fields of the form, sent before the file. */
  fields?: Record<string, string>;
  file: File;
  /** Name of the file part (the server reads `file`). */
  fileField?: string;
  /** Percentage of the bytes sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form to one contract endpoint with the same headers as `call` (SPEC §7: uploads are
 * multipart with a progress percentage). XMLHttpRequest, because fetch cannot report upload progress.
 * Error replies raise ApiError with the reply's code (413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE, …).
 */
export function upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>): Promise<z.infer<E['reply']>> {
  const headers = requestHeaders(endpoint.access, endpoint.method);
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  form.append(input.fileField ?? 'file', input.file, input.file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint, { params: input.params } as Input<E>));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        input.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      noteReply((name) => xhr.getResponseHeader(name));
      let data: { status?: string } & Record<string, unknown>;
      try {
        data = JSON.parse(xhr.responseText) as typeof data;
      } catch {
        // A proxy may refuse a large body with its own page (413) before the server sees it.
        const code = xhr.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL';
        reject(new ApiError(code, 'The server sent an unreadable reply.', xhr.status));
        return;
      }
      if (data.status === 'ERROR' || xhr.status < 200 || xhr.status >= 300) {
        reject(replyError(xhr.status, data as Parameters<typeof replyError>[1]));
        return;
      }
      sessionStore.touch();
      input.onProgress?.(100);
      resolve(data as z.infer<E['reply']>);
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', 'The server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));

    if (input.signal) {
      if (input.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      input.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
