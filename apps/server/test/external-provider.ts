import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type JWK } from 'oidc-provider';

/** A minimal storage for the test provider (the app's own provider uses the database). */
class MapAdapter implements Adapter {
  private static readonly store = new Map<string, AdapterPayload>();
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: AdapterPayload) {
    MapAdapter.store.set(this.key(id), payload);
  }
  async find(id: string) {
    return MapAdapter.store.get(this.key(id));
  }
  async findByUid(uid: string) {
    return [...MapAdapter.store.entries()].find(
      ([k, p]) => k.startsWith(`${this.model}:`) && p.uid === uid,
    )?.[1];
  }
  async findByUserCode(userCode: string) {
    return [...MapAdapter.store.values()].find((p) => p.userCode === userCode);
  }
  async consume(id: string) {
    const payload = MapAdapter.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MapAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [k, p] of MapAdapter.store) if (p.grantId === grantId) MapAdapter.store.delete(k);
  }
}

export interface ExternalProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * An independent OpenID Connect provider listening on 127.0.0.1 (a stand-in for Google): its own keys,
 * a confidential client, default claim conformance (email only at userinfo), and a scripted login
 * that signs the given person in without a form.
 */
export async function startExternalProvider(opts: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  person: { sub: string; email: string; name: string };
}): Promise<ExternalProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: MapAdapter,
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        token_endpoint_auth_method: 'client_secret_post',
        redirect_uris: [opts.redirectUri],
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'external-1', alg: 'RS256', use: 'sig' } as JWK],
    },
    cookies: { keys: ['external-provider-test-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) =>
      sub === opts.person.sub
        ? { accountId: sub, claims: () => ({ ...opts.person, email_verified: true }) }
        : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 300,
      Grant: 300,
      Session: 300,
    },
  });
  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) {
      void callback(req, res);
      return;
    }
    // Scripted login: whoever arrives is the test person and consents to what was asked.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({
        accountId: opts.person.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, {
        login: { accountId: opts.person.sub },
        consent: { grantId },
      });
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser request over real HTTP: no automatic redirects, cookies carried by hand. */
export async function httpGet(url: string, cookies: Map<string, string>): Promise<Response> {
  const res = await fetch(url, {
    redirect: 'manual',
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return res;
}
