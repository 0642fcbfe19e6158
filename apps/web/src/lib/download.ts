import type { Endpoint } from '@sinetti/contract';
import { ApiError, endpointUrl, replyError, requestHeaders, type Input } from './api';
import { sessionStore } from './session';

/** The file name of a `Content-Disposition` header (the UTF-8 `filename*` form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition)?.[1];
  return plain || fallback;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file endpoint (its reply is the file, not JSON) with the app's headers, and saves it under
 * the name the server gives. Error replies raise ApiError like `call`.
 */
export async function downloadFile<E extends Endpoint>(
  endpoint: E,
  input: Input<E>,
  fallbackName: string,
): Promise<void> {
  const headers = requestHeaders(endpoint.access);
  let res: Response;
  try {
    res = await fetch(endpointUrl(endpoint, input), { method: endpoint.method, headers });
  } catch {
    throw new ApiError('NETWORK', 'The server could not be reached.');
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as Parameters<typeof replyError>[1];
    throw replyError(res.status, data);
  }
  sessionStore.touch();
  saveBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition'), fallbackName));
}
