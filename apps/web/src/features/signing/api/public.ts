import { queryOptions } from '@tanstack/react-query';
import { publicSigning, type FieldValues, type Language } from '@sinetti/contract';
import { ApiError, call, type ReplyData } from '../../../lib/api';
import { earlyQueryOptions } from '../../../lib/early-query';
import { signingKeys } from './keys';

// The public calls by their group (not `api.signing`), so that the signee's pages carry only these.

/** SigningStart: whether the link is known, locked by another signee, or already signed. */
export const statusQuery = (token: string) =>
  queryOptions({
    queryKey: signingKeys.status(token),
    queryFn: ({ signal }) => call(publicSigning.status, { params: { token }, signal }),
    ...earlyQueryOptions(publicSigning.status, { params: { token } }),
  });

export const startSigning = (token: string, lang: Language) =>
  call(publicSigning.start, { params: { token }, query: { lang } });

export const downloadSigned = (token: string, kind: 'signed' | 'certificate') =>
  call(kind === 'signed' ? publicSigning.download : publicSigning.downloadCertificate, {
    params: { token },
  });

/** The built-in signing page's session. */
export const sessionQuery = (sessionToken: string) =>
  queryOptions({
    queryKey: signingKeys.session(sessionToken),
    queryFn: ({ signal }) => call(publicSigning.session, { params: { sessionToken }, signal }),
    ...earlyQueryOptions(publicSigning.session, { params: { sessionToken } }),
    retry: false,
  });

export const sendCode = (sessionToken: string) => call(publicSigning.sendCode, { params: { sessionToken } });

export const verifyCode = (sessionToken: string, code: string) =>
  call(publicSigning.verifyCode, { params: { sessionToken }, body: { code } });

export type SignatureValue = { kind: 'drawn'; image: string } | { kind: 'typed'; text: string };

/** The signature, with the values of the signee's fields when the document has fields for them. */
export const signDocument = (sessionToken: string, signature: SignatureValue, fields?: FieldValues) =>
  call(publicSigning.sign, {
    params: { sessionToken },
    body: { signature, intent: true, ...(fields ? { fields } : {}) },
  });

/** Flow eid: begin the identification; the browser then goes to redirectUrl (the eID provider). */
export const beginIdentification = (sessionToken: string) =>
  call(publicSigning.identify, { params: { sessionToken } });

/** Flow qtsp: sign here (as sign does); the browser then goes to redirectUrl to authorize it at the QTSP. */
export const remoteSign = (sessionToken: string, signature: SignatureValue, fields?: FieldValues) =>
  call(publicSigning.remoteSign, {
    params: { sessionToken },
    body: { signature, intent: true, ...(fields ? { fields } : {}) },
  });

/** What the eID provider or the QTSP sent back with the browser (its query parameters). */
export interface ProviderAnswer {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
  errorDescription?: string;
}

/** The provider's answer, told to the server: next says where the signee goes now. */
export const providerReturn = (sessionToken: string, body: ProviderAnswer) =>
  call(publicSigning.providerReturn, { params: { sessionToken }, body });

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

/** Where a decline comes from: the start page (link token) or the signing page (session token). */
export type DeclineFrom = { link: string } | { session: string };

export const declineSigning = (from: DeclineFrom, reason: string) =>
  'link' in from
    ? call(publicSigning.decline, { params: { token: from.link }, body: { reason } })
    : call(publicSigning.sessionDecline, { params: { sessionToken: from.session }, body: { reason } });

/** The signing page is open (keeps the document locked for this signee). */
export const sessionHeartbeat = (sessionToken: string) =>
  call(publicSigning.heartbeat, { params: { sessionToken } });

/** The signing page is going away: a keepalive request that outlives the page frees the document at once. */
export function leaveSession(sessionToken: string): void {
  void fetch(`/api/signing/session/${encodeURIComponent(sessionToken)}/leave`, {
    method: 'POST',
    headers: { 'application-id': 'Frontend' },
    keepalive: true,
  }).catch(() => undefined);
}
