import { createHash, randomBytes } from 'node:crypto';
import type { Language, SigningMethodId } from '@sinetti/contract';
import { z } from 'zod';
import type { CscEntry } from '../config.ts';
import { EidError, type AuthorizationRequest, type CscProvider, type ProviderResponse } from '../types.ts';
import { isQualified, parseCertificate, personOf, signAlgoFor } from './certificate.ts';
import { codeOf, cscPost, type CscFetch } from './http.ts';

/** SHA-256: the only hash Sinetti asks CSC services to sign. */
export const CSC_HASH_ALGORITHM = '2.16.840.1.101.3.4.2.1';

export interface CscProviderOptions {
  id: string;
  methods: readonly SigningMethodId[];
  /** The CSC API base, ending in /csc/v2. */
  baseUrl: string;
  /** The OAuth 2.0 authorization server; default: `oauth2` of the service's `info`. */
  oauth2Url?: string | undefined;
  clientId: string;
  /** The client secret, or how to read it (the TEST service's is generated on first use). */
  clientSecret: string | (() => Promise<string>);
  /** The built-in TEST service. */
  test?: boolean;
  timeoutMs?: number;
}

const info = z.object({ oauth2: z.url().optional(), authType: z.array(z.string()).optional() });
const token = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });
const list = z.object({ credentialIDs: z.array(z.string()) });
const credentialInfo = z.object({
  key: z.object({ status: z.string().optional(), algo: z.array(z.string()) }),
  cert: z.object({ status: z.string().optional(), certificates: z.array(z.string()).min(1) }),
});
const signed = z.object({ signatures: z.array(z.string()).length(1) });

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const random = () => base64url(randomBytes(32));
const trim = (url: string) => url.replace(/\/+$/, '');

/** A QTSP's Cloud Signature Consortium API v2 (remote signing, OAuth 2.0 authorization code + PKCE). */
export function createCscProvider(
  entry: CscEntry | CscProviderOptions,
  fetchImpl: CscFetch = fetch,
): CscProvider {
  const baseUrl = trim(entry.baseUrl);
  const timeoutMs = 'timeoutMs' in entry ? entry.timeoutMs : undefined;
  const secret = entry.clientSecret;
  const clientSecret = typeof secret === 'string' ? async () => secret : secret;
  let oauth2: Promise<string> | null = entry.oauth2Url ? Promise.resolve(trim(entry.oauth2Url)) : null;

  const call = <T>(
    path: string,
    json: unknown,
    schema: z.ZodType<T>,
    auth: string | undefined,
    refused: EidError['failure'],
  ) =>
    cscPost(fetchImpl, { url: `${baseUrl}${path}`, body: { json }, token: auth, refused, timeoutMs }, schema);

  /** The authorization server: configured, or read once from `info` (a failed read is tried again). */
  const authorizationServer = (): Promise<string> => {
    oauth2 ??= call('/info', { lang: 'en' }, info, undefined, 'failed').then(
      (answer) => {
        if (!answer.oauth2) throw new EidError('failed', 'The signature service names no OAuth 2.0 server.');
        return trim(answer.oauth2);
      },
      (err: unknown) => {
        oauth2 = null;
        throw err;
      },
    );
    return oauth2;
  };

  const authorize = async (
    opts: { redirectUri: string; lang: Language },
    params: Record<string, string>,
  ): Promise<AuthorizationRequest> => {
    const state = random();
    const codeVerifier = random();
    const url = new URL(`${await authorizationServer()}/oauth2/authorize`);
    const query = {
      response_type: 'code',
      client_id: entry.clientId,
      redirect_uri: opts.redirectUri,
      code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()),
      code_challenge_method: 'S256',
      state,
      lang: opts.lang,
      ...params,
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return { url: url.toString(), state, nonce: random(), codeVerifier };
  };

  /** The authorization code for a token (client_secret_post); a refused exchange is `refused`. */
  const exchange = async (
    response: ProviderResponse,
    request: { state: string; codeVerifier: string; redirectUri: string },
    refused: EidError['failure'],
  ): Promise<string> => {
    const code = codeOf(response, request.state);
    const form = {
      grant_type: 'authorization_code',
      code,
      client_id: entry.clientId,
      client_secret: await clientSecret(),
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    };
    const url = `${await authorizationServer()}/oauth2/token`;
    const answer = await cscPost(fetchImpl, { url, body: { form }, refused, timeoutMs }, token);
    return answer.access_token;
  };

  return {
    kind: 'csc',
    id: entry.id,
    methods: entry.methods,
    test: 'test' in entry ? entry.test === true : false,
    displayHost: new URL(baseUrl).host,

    beginService: (opts) => authorize(opts, { scope: 'service' }),

    async finishService(response, request) {
      const access = await exchange(response, request, 'failed');
      const { credentialIDs } = await call(
        '/credentials/list',
        { credentialInfo: false },
        list,
        access,
        'failed',
      );
      const credentialId = credentialIDs[0];
      if (!credentialId)
        throw new EidError('failed', 'The signee has no signing credential at the signature service.');
      const details = await call(
        '/credentials/info',
        { credentialID: credentialId, certificates: 'chain', certInfo: true, authInfo: true },
        credentialInfo,
        access,
        'failed',
      );
      const { key, cert } = details;
      if ((key.status && key.status !== 'enabled') || (cert.status && cert.status !== 'valid')) {
        throw new EidError(
          'failed',
          `The signing credential cannot sign (key ${key.status ?? '?'}, certificate ${cert.status ?? '?'}).`,
        );
      }
      const certificates = details.cert.certificates.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
      let leaf;
      try {
        leaf = parseCertificate(certificates[0]!);
      } catch {
        throw new EidError('failed', "The signing credential's certificate cannot be read.");
      }
      return {
        credential: {
          credentialId,
          certificates,
          signAlgo: signAlgoFor(leaf, details.key.algo),
          person: personOf(leaf),
          qualified: isQualified(leaf),
        },
        evidence: {
          issuer: baseUrl,
          subject: credentialId,
          idToken: null,
          kid: null,
          alg: null,
          encrypted: false,
          acr: null,
          authTime: null,
        },
      };
    },

    beginCredential: (opts) =>
      authorize(opts, {
        scope: 'credential',
        credentialID: opts.credentialId,
        numSignatures: '1',
        hashes: base64url(opts.hash),
        hashAlgorithmOID: CSC_HASH_ALGORITHM,
      }),

    async finishCredential(response, request, sign) {
      const sad = await exchange(response, request, 'authorization');
      const body = {
        credentialID: sign.credentialId,
        hashes: [Buffer.from(sign.hash).toString('base64')],
        hashAlgorithmOID: CSC_HASH_ALGORITHM,
        signAlgo: sign.signAlgo,
      };
      const answer = await call('/signatures/signHash', body, signed, sad, 'authorization');
      const signature = new Uint8Array(Buffer.from(answer.signatures[0]!, 'base64'));
      if (signature.length === 0)
        throw new EidError('failed', 'The signature service returned an empty signature.');
      return { signature };
    },
  };
}
