import { email as emailSchema } from '@sinetti/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { hitRateLimit } from '../../../http/rate-limit.ts';
import { AppError } from '../../../lib/errors.ts';
import { upsertLocalAccount } from './accounts.ts';
import { loginPage, messagePage } from './page.ts';
import type { LocalProviderHandle } from './plugin.ts';
import { INTERACTION_PATH } from './provider.ts';

/** The posted form, leniently: anything missing or odd is empty, so the page can say what is wrong. */
function formOf(body: unknown): { email: string; name: string; action: 'login' | 'cancel' } {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  return {
    email: text(fields.email, 320),
    name: text(fields.name, 200).trim(),
    action: fields.action === 'cancel' ? 'cancel' : 'login',
  };
}

const EXPIRED =
  'This sign-in has expired or was already used. Go back to Sinetti and start the sign-in again.';

export function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function platformOf(interaction: Interaction): string {
  const clientId = String(interaction.params.client_id ?? '');
  if (clientId.endsWith('microsoft')) return 'Microsoft';
  if (clientId.endsWith('google')) return 'Google';
  return 'identity provider';
}

/** The interaction of the `_interaction` cookie, if it is the one in the path; null when gone. */
export async function interactionOf(
  provider: LocalProviderHandle,
  req: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Interaction | null> {
  const p = await provider();
  try {
    const interaction = await p.interactionDetails(req.raw, reply.raw);
    return interaction.uid === req.params.uid ? interaction : null;
  } catch {
    return null;
  }
}

/** Hands the browser back to the provider; after hijacking, failures are answered by hand (`expiredPage`). */
export async function finish(
  provider: LocalProviderHandle,
  req: FastifyRequest,
  reply: FastifyReply,
  result: Parameters<Awaited<ReturnType<LocalProviderHandle>>['interactionFinished']>[2],
  expiredPage = messagePage('Sign-in expired', EXPIRED),
): Promise<void> {
  const p = await provider();
  reply.hijack();
  try {
    await p.interactionFinished(req.raw, reply.raw, result, { mergeWithLastSubmission: false });
  } catch {
    reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    reply.raw.end(expiredPage);
  }
}

/** The built-in provider's own sign-in page (replaces oidc-provider's development interactions). */
export function registerInteractionRoutes(app: FastifyInstance, provider: LocalProviderHandle): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (req, reply) => {
    const interaction = await interactionOf(provider, req, reply);
    if (!interaction) return html(reply, 400, messagePage('Sign-in expired', EXPIRED));
    return html(reply, 200, loginPage({ uid: interaction.uid, platform: platformOf(interaction) }));
  });

  app.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (req, reply) => {
    const { db, clock, config } = app.ctx;
    try {
      const limit = { name: 'local-sign-in', max: config.rateLimitSignInPerMinute, windowMs: 60_000 };
      await hitRateLimit(db, clock, limit, req.ip);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') throw err;
      reply.headers(err.headers ?? {});
      return html(reply, 429, messagePage('Too many attempts', 'Too many sign-in attempts. Wait a minute.'));
    }
    const interaction = await interactionOf(provider, req, reply);
    if (!interaction) return html(reply, 400, messagePage('Sign-in expired', EXPIRED));
    const values = formOf(req.body);
    if (values.action === 'cancel') {
      return finish(provider, req, reply, {
        error: 'access_denied',
        error_description: 'The sign-in was cancelled.',
      });
    }
    const email = emailSchema.safeParse(values.email);
    if (!email.success || email.data.length > 254) {
      const error = values.email.trim()
        ? 'That is not a valid e-mail address. Enter an address like name@example.com.'
        : 'Enter your e-mail address.';
      const page = loginPage({ ...values, uid: interaction.uid, platform: platformOf(interaction), error });
      return html(reply, 400, page);
    }
    const account = await upsertLocalAccount(db, email.data, values.name);
    const p = await provider();
    const grant = new p.Grant({ accountId: account.sub, clientId: String(interaction.params.client_id) });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    return finish(provider, req, reply, { login: { accountId: account.sub }, consent: { grantId } });
  });
}
