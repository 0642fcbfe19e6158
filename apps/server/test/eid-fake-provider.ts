import {
  constants,
  createCipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A deliberately hostile OpenID Connect provider on 127.0.0.1 for the eID adapter's refusals: discovery,
 * JWKS and a token endpoint whose ID token is whatever `mode` says (tampered, signed by another key, for
 * another audience, expired, unencrypted...). JWS and JWE are made with node:crypto only. The token endpoint
 * checks what a real one would: single-use codes, PKCE S256 and the client's private_key_jwt assertion.
 */
export type FakeMode =
  'good' | 'tampered' | 'other-key' | 'wrong-aud' | 'wrong-iss' | 'expired' | 'no-signature' | 'token-503';

export interface FakeProvider {
  issuer: string;
  /** What the next token responses carry. */
  mode: FakeMode;
  /** Encrypt ID tokens to this key (RSA-OAEP-256, A256GCM); null: plain JWS. */
  encryptTo: { key: KeyObject; kid: string } | null;
  /** Discovery answers 503 while set. */
  down: boolean;
  /** The browser's round trip at the provider: a code for the request the adapter built. */
  authorize(authorizationUrl: string): string;
  /** Client assertions the token endpoint accepted (their kid). */
  assertionKids: string[];
  close(): Promise<void>;
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

export function signJws(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

export function encryptJwe(plaintext: string, key: KeyObject, kid: string): string {
  const header = b64({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid, cty: 'JWT' });
  const cek = randomBytes(32);
  const iv = randomBytes(12);
  const encryptedKey = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    cek,
  );
  const cipher = createCipheriv('aes-256-gcm', cek, iv);
  cipher.setAAD(Buffer.from(header, 'ascii'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [header, encryptedKey, iv, ciphertext, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function verifiesAssertion(
  assertion: string,
  clientKey: KeyObject,
  clientId: string,
  issuer: string,
): string | null {
  const [header = '', payload = '', signature = ''] = assertion.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    clientKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const fresh = typeof claims.exp === 'number' && claims.exp > Date.now() / 1000;
  if (claims.iss !== clientId || claims.sub !== clientId || !aud.includes(issuer) || !fresh) return null;
  return String((JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid?: string }).kid);
}

export async function startFakeProvider(opts: {
  clientId: string;
  /** The public half of Sinetti's signing key (checks private_key_jwt). */
  clientKey: KeyObject;
  claims: Record<string, unknown>;
}): Promise<FakeProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const providerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const codes = new Map<string, { nonce: string; challenge: string }>();

  const fake: FakeProvider = {
    issuer,
    mode: 'good',
    encryptTo: null,
    down: false,
    assertionKids: [],
    authorize(authorizationUrl) {
      const url = new URL(authorizationUrl);
      const code = randomBytes(16).toString('base64url');
      codes.set(code, {
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
      });
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const idToken = (nonce: string): string => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: fake.mode === 'wrong-iss' ? 'http://127.0.0.1:1' : issuer,
      aud: fake.mode === 'wrong-aud' ? 'someone-else' : opts.clientId,
      sub: 'fake-subject-1',
      iat: now - (fake.mode === 'expired' ? 900 : 0),
      exp: fake.mode === 'expired' ? now - 600 : now + 300,
      auth_time: now - 5,
      nonce,
      ...opts.claims,
    };
    let jws = signJws(claims, fake.mode === 'other-key' ? otherKey : providerKey, 'fake-1');
    if (fake.mode === 'tampered') {
      const [h, , s] = jws.split('.');
      jws = `${h}.${b64({ ...claims, given_name: 'Mallory' })}.${s}`;
    }
    if (fake.mode === 'no-signature') jws = `${b64({ alg: 'none' })}.${b64(claims)}.`;
    return fake.encryptTo ? encryptJwe(jws, fake.encryptTo.key, fake.encryptTo.kid) : jws;
  };

  const token = (form: URLSearchParams): { status: number; body: unknown } => {
    const kid = verifiesAssertion(form.get('client_assertion') ?? '', opts.clientKey, opts.clientId, issuer);
    if (
      form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' ||
      !kid
    ) {
      return { status: 401, body: { error: 'invalid_client' } };
    }
    fake.assertionKids.push(kid);
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    if (!code || createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
      return { status: 400, body: { error: 'invalid_grant' } };
    }
    return {
      status: 200,
      body: {
        access_token: 'fake-access',
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken(code.nonce),
      },
    };
  };

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
        });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const path = new URL(req.url ?? '/', issuer).pathname;
      if (path === '/.well-known/openid-configuration') {
        if (fake.down) return send(503, 'down for maintenance');
        return send(200, {
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['private_key_jwt'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (path === '/jwks') {
        const jwk = createPublicKey(providerKey).export({ format: 'jwk' });
        return send(200, { keys: [{ ...jwk, kid: 'fake-1', use: 'sig', alg: 'RS256' }] });
      }
      if (path === '/token' && req.method === 'POST') {
        if (fake.mode === 'token-503') return send(503, 'overloaded');
        const { status, body } = token(new URLSearchParams(raw));
        return send(status, body);
      }
      return send(404, { error: 'not_found' });
    });
  });
  return fake;
}
