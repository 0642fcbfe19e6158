import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CSC_HASH_ALGORITHM } from '../csc/adapter.ts';
import type { TestCscContext } from './context.ts';
import { signPrehashP256 } from './ecdsa.ts';
import { TOKEN_TTL_MS, type IssuedCode, type IssuedToken } from './oauth.ts';
import { TEST_QTSP_ROOT_NAME } from './qtsp.ts';

/**
 * The TEST CSC service's token endpoint and CSC API v2 (§11): info, credentials/list, credentials/info and
 * signatures/signHash. Errors in the CSC/OAuth shape {error, error_description} (§10.1). A credential
 * token (the SAD) signs once, only the hash and credential it was issued for, within 5 minutes.
 */

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const EC_PUBLIC_KEY = '1.2.840.10045.2.1';

function fail(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** client_secret_basic (RFC 6749 §2.3.1: form-urlencoded parts) or client_secret_post. */
function clientOf(req: FastifyRequest, form: Record<string, unknown>): { id: string; secret: string } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const part = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
    } catch {
      return null;
    }
  }
  const { client_id: id, client_secret: secret } = form;
  return typeof id === 'string' && typeof secret === 'string' ? { id, secret } : null;
}

const bearerOf = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

const credentialInfoBody = z.object({
  credentialID: z.string(),
  certificates: z.enum(['none', 'single', 'chain']).default('single'),
});
const signHashBody = z.object({
  credentialID: z.string(),
  hashes: z.array(z.string()).min(1),
  hashAlgorithmOID: z.string(),
  signAlgo: z.string(),
});

export function registerApiRoutes(app: FastifyInstance, ctx: TestCscContext): void {
  const { store, paths } = ctx;

  app.post(paths.token, async (req, reply) => {
    const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const client = clientOf(req, form);
    if (
      !client ||
      client.id !== ctx.clientId ||
      !sameSecret(client.secret, (await ctx.qtsp()).clientSecret)
    ) {
      return fail(reply, 401, 'invalid_client', 'Client authentication failed.');
    }
    if (form.grant_type !== 'authorization_code') {
      return fail(reply, 400, 'unsupported_grant_type', 'Only authorization_code is supported.');
    }
    const code =
      typeof form.code === 'string' ? await store.take<IssuedCode>('TestCsc.Code', form.code) : null;
    if (!code) return fail(reply, 400, 'invalid_grant', 'The code is unknown, expired or already used.');
    const verifier = typeof form.code_verifier === 'string' ? form.code_verifier : '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (form.redirect_uri !== code.redirectUri || !verifier || challenge !== code.codeChallenge) {
      return fail(
        reply,
        400,
        'invalid_grant',
        'redirect_uri or code_verifier does not match the authorization.',
      );
    }
    const token: IssuedToken = {
      scope: code.scope,
      personId: code.personId,
      ...(code.credentialId ? { credentialId: code.credentialId, hash: code.hash } : {}),
    };
    const accessToken = await store.put('TestCsc.Token', { ...token }, TOKEN_TTL_MS);
    return reply
      .header('cache-control', 'no-store')
      .send({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_MS / 1000 });
  });

  app.post(`${paths.api}/info`, async () => ({
    specs: '2.0.0.2',
    name: 'Sinetti TEST CSC service — NOT QUALIFIED',
    logo: '',
    region: 'FI',
    lang: 'en',
    description: `TEST remote signing with certificates of the ${TEST_QTSP_ROOT_NAME}.`,
    authType: ['oauth2code'],
    oauth2: ctx.oauth2Url,
    methods: [
      'credentials/list',
      'credentials/info',
      'signatures/signHash',
      'oauth2/authorize',
      'oauth2/token',
    ],
  }));

  /** The person a service token belongs to; null (and the reply sent) when it is not a usable one. */
  const serviceToken = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = await store.get<IssuedToken>('TestCsc.Token', bearerOf(req));
    if (token?.scope === 'service') return token;
    fail(reply, 401, 'invalid_token', 'The access token is missing, expired or not for the service scope.');
    return null;
  };

  app.post(`${paths.api}/credentials/list`, async (req, reply) => {
    const token = await serviceToken(req, reply);
    if (!token) return reply;
    const own = [...(await ctx.qtsp()).credentials.values()].filter((c) => c.person.id === token.personId);
    return { credentialIDs: own.map((c) => c.credentialId) };
  });

  app.post(`${paths.api}/credentials/info`, async (req, reply) => {
    const token = await serviceToken(req, reply);
    if (!token) return reply;
    const body = credentialInfoBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'invalid_request', 'credentialID is missing or invalid.');
    const credential = (await ctx.qtsp()).credentials.get(body.data.credentialID);
    if (!credential || credential.person.id !== token.personId) {
      return fail(reply, 400, 'invalid_request', 'Invalid parameter credentialID.');
    }
    const chain = { none: [], single: credential.chain.slice(0, 1), chain: credential.chain }[
      body.data.certificates
    ];
    return {
      description: `TEST signing credential of ${credential.person.givenName} ${credential.person.familyName}`,
      signatureQualifier: 'eu_eidas_qes',
      key: { status: 'enabled', algo: [ECDSA_SHA256], len: 256, curve: '1.2.840.10045.3.1.7' },
      cert: { status: 'valid', certificates: chain.map((der) => Buffer.from(der).toString('base64')) },
      auth: { mode: 'oauth2code' },
      scal: '2',
      multisign: 1,
      lang: 'en',
    };
  });

  app.post(`${paths.api}/signatures/signHash`, async (req, reply) => {
    const body = signHashBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'invalid_request', 'Missing or invalid signHash parameters.');
    // The token is used up by this call whatever follows: one signature per authorization.
    const token = await store.take<IssuedToken>('TestCsc.Token', bearerOf(req));
    if (!token || token.scope !== 'credential') {
      return fail(
        reply,
        400,
        'invalid_request',
        'The credential token (SAD) is missing, expired or already used.',
      );
    }
    const { credentialID, hashes, hashAlgorithmOID, signAlgo } = body.data;
    const hash = Buffer.from(hashes[0]!, 'base64');
    if (
      credentialID !== token.credentialId ||
      hashes.length !== 1 ||
      hashAlgorithmOID !== CSC_HASH_ALGORITHM ||
      hash.toString('base64url') !== token.hash
    ) {
      return fail(
        reply,
        400,
        'invalid_request',
        'The hash or credential is not the one the signee authorized.',
      );
    }
    if (signAlgo !== ECDSA_SHA256 && signAlgo !== EC_PUBLIC_KEY) {
      return fail(reply, 400, 'invalid_request', 'Invalid parameter signAlgo.');
    }
    const credential = (await ctx.qtsp()).credentials.get(credentialID);
    if (!credential) return fail(reply, 400, 'invalid_request', 'Invalid parameter credentialID.');
    const signature = signPrehashP256(hash, credential.d);
    return { signatures: [Buffer.from(signature).toString('base64')] };
  });
}
