import { queryOptions } from '@tanstack/react-query';
import { api, type Language } from '@sinetti/contract';
import { ApiError, call, type ReplyData } from '../../../lib/api';
import { signingKeys } from './keys';

/** SigningStart: whether the link is known, locked by another signee, or already signed. */
export const statusQuery = (token: string) =>
  queryOptions({
    queryKey: signingKeys.status(token),
    queryFn: ({ signal }) => call(api.signing.status, { params: { token }, signal }),
  });

export const startSigning = (token: string, lang: Language) =>
  call(api.signing.start, { params: { token }, query: { lang } });

export const downloadSigned = (token: string, kind: 'signed' | 'certificate') =>
  call(kind === 'signed' ? api.signing.download : api.signing.downloadCertificate, {
    params: { token },
  });

/** The built-in signing page's session. */
export const sessionQuery = (sessionToken: string) =>
  queryOptions({
    queryKey: signingKeys.session(sessionToken),
    queryFn: ({ signal }) => call(api.signing.session, { params: { sessionToken }, signal }),
    retry: false,
  });

export const sendCode = (sessionToken: string) => call(api.signing.sendCode, { params: { sessionToken } });

export const verifyCode = (sessionToken: string, code: string) =>
  call(api.signing.verifyCode, { params: { sessionToken }, body: { code } });

export type SignatureValue = { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };

export const signDocument = (sessionToken: string, signature: SignatureValue) =>
  call(api.signing.sign, { params: { sessionToken }, body: { signature, intent: true } });

/** The PDF to be signed (binary, not JSON). Fetching it marks the document viewed in the session. */
export async function fetchSessionPdf(sessionToken: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const res = await fetch(`/api/signing/session/${encodeURIComponent(sessionToken)}/pdf`, {
    headers: { 'application-id': 'Frontend' },
    signal: signal ?? null,
  });
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as ReplyData;
    throw new ApiError(
      data.code ?? 'INTERNAL',
      data.message ?? 'The document could not be loaded.',
      res.status,
      data.fields,
      {
        reason: data.reason,
        details: data.details,
      },
    );
  }
  return res.arrayBuffer();
}
