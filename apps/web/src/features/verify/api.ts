import { api, type VerificationReport } from '@sinetti/contract';
import { ApiError, endpointUrl, readReply, replyError, requestHeaders, type ReplyData } from '../../lib/api';

/**
 * POST /api/verify with the file as the raw body: the server checks it and keeps nothing. A file past the
 * server's limit (`maxBytes`, from the public configuration) is refused here with the server's own error,
 * since the server closes the connection of an upload it refuses and the browser would see a network error.
 */
export async function verifyFile(file: Blob, maxBytes?: number): Promise<VerificationReport> {
  if (maxBytes !== undefined && file.size > maxBytes) {
    throw new ApiError('FILE_TOO_LARGE', `The file is larger than ${maxBytes} bytes.`, 413, undefined, {
      reason: 'VERIFY_TOO_LARGE',
      details: { maxBytes },
    });
  }
  const endpoint = api.verification.verify;
  let res: Response;
  try {
    res = await fetch(endpointUrl(endpoint), {
      method: 'POST',
      headers: { ...requestHeaders(endpoint.access), 'content-type': 'application/pdf' },
      body: file,
    });
  } catch {
    throw new ApiError('NETWORK', 'The server could not be reached.');
  }
  const data = await readReply<ReplyData & { report?: VerificationReport }>(res);
  if (data.status === 'ERROR' || !res.ok || !data.report) throw replyError(res.status, data);
  return data.report;
}
