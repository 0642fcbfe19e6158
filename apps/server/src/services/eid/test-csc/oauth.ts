import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CSC_HASH_ALGORITHM } from '../csc/adapter.ts';
import { authorizePage, loginPage, messagePage, pageLang, textOf, type PageLang } from './pages.ts';
import type { TestCscContext } from './context.ts';

/**
 * The TEST CSC service's OAuth 2.0 authorization server (CSC API v2 §8): authorization code with PKCE
 * (S256 only), scope `service` (sign in: pick a TEST person) and `credential` (authorize one signature of
 * one hash with a one-time code shown on the page). Codes live 60 s and are single-use.
 */

const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;
export const TOKEN_TTL_MS = 5 * 60_000;

interface PendingRequest {
  scope: 'service' | 'credential';
  redirectUri: string;
  state: string;
  codeChallenge: string;
  lang: PageLang;
  credentialId?: string;
  hash?: string;
  otp?: string;
}

export interface IssuedCode {
  scope: 'service' | 'credential';
  personId: string;
  redirectUri: string;
  codeChallenge: string;
  credentialId?: string;
  hash?: string;
}

export interface IssuedToken {
  scope: 'service' | 'credential';
  personId: string;
  credentialId?: string;
  hash?: string;
}

const text = z.string().min(1).max(512);
const authorizeQuery = z.object({
  response_type: z.literal('code'),
  scope: z.enum(['service', 'credential']),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/),
  code_challenge_method: z.literal('S256'),
  state: text,
  credentialID: text.optional(),
  numSignatures: z.string().optional(),
  hashes: z.string().optional(),
  hashAlgorithmOID: z.string().optional(),
});
const formOf = (body: unknown) =>
  (body && typeof body === 'object' ? body : {}) as Record<string, string | undefined>;

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function back(reply: FastifyReply, redirectUri: string, params: Record<string, string>): FastifyReply {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return reply.header('cache-control', 'no-store').redirect(url.toString(), 303);
}

const sameText = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  return timingSafeEqual(x, createHash('sha256').update(b).digest());
};

export function registerOAuthRoutes(app: FastifyInstance, ctx: TestCscContext): void {
  const { store, paths } = ctx;

  app.get(paths.authorize, async (req, reply) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const lang = pageLang(query);
    const t = textOf(lang);
    if (query.client_id !== ctx.clientId || query.redirect_uri !== ctx.redirectUri) {
      return html(reply, 400, messagePage(lang, t.badHeading, t.badClient));
    }
    const parsed = authorizeQuery.safeParse(query);
    if (!parsed.success) {
      const state: Record<string, string> = typeof query.state === 'string' ? { state: query.state } : {};
      return back(reply, ctx.redirectUri, { error: 'invalid_request', ...state });
    }
    const q = parsed.data;
    const pending: PendingRequest = {
      scope: q.scope,
      redirectUri: ctx.redirectUri,
      state: q.state,
      codeChallenge: q.code_challenge,
      lang,
    };
    if (q.scope === 'credential') {
      const credential = q.credentialID ? (await ctx.qtsp()).credentials.get(q.credentialID) : undefined;
      const hash = Buffer.from(q.hashes ?? '', 'base64url');
      const wellFormed =
        credential &&
        q.numSignatures === '1' &&
        q.hashAlgorithmOID === CSC_HASH_ALGORITHM &&
        hash.length === 32 &&
        hash.toString('base64url') === q.hashes;
      if (!wellFormed) return back(reply, ctx.redirectUri, { error: 'invalid_request', state: q.state });
      pending.credentialId = credential.credentialId;
      pending.hash = q.hashes;
      pending.otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    }
    const request = await store.put('TestCsc.Request', { ...pending }, REQUEST_TTL_MS);
    return html(reply, 200, await pageFor(ctx, pending, request));
  });

  app.post(paths.login, async (req, reply) => {
    const form = formOf(req.body);
    const pending = await store.get<PendingRequest>('TestCsc.Request', form.request ?? '');
    if (!pending || pending.scope !== 'service') return expired(reply, form.lang);
    const person = ctx.persons.find((p) => p.id === form.person);
    if (form.action !== 'cancel' && !person) {
      const page = loginPage({
        lang: pending.lang,
        request: form.request!,
        action: paths.login,
        error: textOf(pending.lang).pickPerson,
      });
      return html(reply, 400, page);
    }
    return finish(reply, form.request!, pending, form.action === 'cancel' ? null : person!.id);
  });

  app.post(paths.confirm, async (req, reply) => {
    const form = formOf(req.body);
    const pending = await store.get<PendingRequest>('TestCsc.Request', form.request ?? '');
    if (!pending || pending.scope !== 'credential') return expired(reply, form.lang);
    const credential = (await ctx.qtsp()).credentials.get(pending.credentialId ?? '');
    if (!credential) return expired(reply, pending.lang);
    if (form.action !== 'cancel' && !sameText((form.otp ?? '').trim(), pending.otp ?? '')) {
      const page = await pageFor(ctx, pending, form.request!, textOf(pending.lang).wrongCode);
      return html(reply, 400, page);
    }
    return finish(reply, form.request!, pending, form.action === 'cancel' ? null : credential.person.id);
  });

  function expired(reply: FastifyReply, langHint: unknown): FastifyReply {
    const lang = pageLang({ lang: langHint });
    return html(reply, 400, messagePage(lang, textOf(lang).expiredHeading, textOf(lang).expired));
  }

  /** Back to the client: a code for `personId`, or error=access_denied when the person cancelled. */
  async function finish(
    reply: FastifyReply,
    request: string,
    pending: PendingRequest,
    personId: string | null,
  ) {
    if (!(await store.take('TestCsc.Request', request))) return expired(reply, pending.lang);
    if (!personId) return back(reply, pending.redirectUri, { error: 'access_denied', state: pending.state });
    const issued: IssuedCode = {
      scope: pending.scope,
      personId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      ...(pending.credentialId ? { credentialId: pending.credentialId, hash: pending.hash } : {}),
    };
    const code = await store.put('TestCsc.Code', { ...issued }, CODE_TTL_MS);
    return back(reply, pending.redirectUri, { code, state: pending.state });
  }
}

async function pageFor(ctx: TestCscContext, pending: PendingRequest, request: string, error?: string) {
  if (pending.scope === 'service') {
    return loginPage({ lang: pending.lang, request, action: ctx.paths.login, ...(error ? { error } : {}) });
  }
  const credential = (await ctx.qtsp()).credentials.get(pending.credentialId ?? '')!;
  return authorizePage({
    lang: pending.lang,
    request,
    action: ctx.paths.confirm,
    name: `${credential.person.givenName} ${credential.person.familyName}`,
    hash: pending.hash ?? '',
    otp: pending.otp ?? '',
    ...(error ? { error } : {}),
  });
}
