import { api, type VerificationReport } from '@sinetti/contract';
import { ApiError, endpointUrl, readReply, replyError, requestHeaders, type ReplyData } from '../../lib/api';

/** POST /api/verify with the file as the raw body: the server checks it and keeps nothing. */
export async function verifyFile(file: Blob): Promise<VerificationReport> {
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
