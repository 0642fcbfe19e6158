import { api, type Platform } from '@sinetti/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../commands/audit.ts';
import { loginWithApiKey } from '../../commands/api-keys.ts';
import { createSession, endSession } from '../../commands/sessions.ts';
import { upsertAccount } from '../../commands/upsert-account.ts';
import { resolveSession } from '../../http/actor.ts';
import { defineRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { presentSession, sessionStatusOf } from '../../presenters/session.ts';
import { findSession } from '../../queries/sessions.ts';
import {
  consumeLoginAttempt,
  pruneSignInState,
  safeRedirect,
  storeLoginAttempt,
} from '../../services/identity/attempts.ts';
import {
  bindBrowser,
  bindingHashOf,
  browserSecretOf,
  clearBrowserBinding,
} from '../../services/identity/browser-binding.ts';
import { registerLocalIdentityProvider } from '../../services/identity/local/plugin.ts';
import { createIdentityService } from '../../services/identity/oidc-client.ts';
import { providerRefused, signInFailed } from '../../services/identity/oidc-errors.ts';

const PLATFORM_OF_TYPE = { CLIENT_GOOGLE: 'google', CLIENT_MICROSOFT: 'microsoft' } as const satisfies Record<
  string,
  Platform
>;

const EXPIRED = 'The sign-in link has expired. Please sign in again.';

function userAgentOf(req: FastifyRequest): string | null {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' && ua.trim() !== '' ? ua.slice(0, 512) : null;
}

/** The returning browser did not start this sign-in (login CSRF: someone else's link). */
const notThisBrowser = () =>
  new AppError(
    'VALIDATION_FAILED',
    'This sign-in was not started in this browser. Start the sign-in again here.',
  ).because('SIGN_IN_NOT_BOUND');

const alreadySignedIn = () =>
  new AppError(
    'CONFLICT',
    'This browser is already signed in. Sign out first to sign in as someone else.',
  ).because('ALREADY_SIGNED_IN');

/** Sign-in with OpenID Connect (SPEC §4.4, §7.1): login, authorize, logout; plus the built-in provider. */
export function registerSignInRoutes(app: FastifyInstance): void {
  const { config } = app.ctx;
  if (config.localIdp) registerLocalIdentityProvider(app);
  const identity = createIdentityService(app, config);
  const rateLimit = { name: 'sign-in', max: config.rateLimitSignInPerMinute, windowMs: 60_000 };

  defineRoute(app, api.authentication.login, { rateLimit })(async ({ body, ctx, req, reply }) => {
    if (body.type === 'API') {
      // An integration signs in with its key: a session bound to the key (docs/integration.md).
      const { session, key } = await loginWithApiKey(ctx.db, ctx.clock, body.credential, {
        ip: req.ip,
        userAgent: userAgentOf(req),
      });
      const account = { setupComplete: true, defaultOrganizationId: key.organizationId };
      return { status: 'OK', session: presentSession(session.row, account, session.token) };
    }
    if (body.type === 'SESSION') {
      // "Log in again", e.g. after joining an organization: the same session, its current status.
      const actor = await resolveSession(ctx.db, ctx.clock, req);
      if (!actor) throw new AppError('SESSION_INVALID', 'Sign in to continue.');
      const row = await findSession(ctx.db, actor.sessionId);
      if (!row) throw new AppError('SESSION_INVALID', 'The session is not valid. Sign in again.');
      const header = req.headers['session-id'];
      const token = String(Array.isArray(header) ? header[0] : header).trim();
      return { status: sessionStatusOf(actor.account), session: presentSession(row, actor.account, token) };
    }
    const platform = PLATFORM_OF_TYPE[body.type];
    const settings = identity.settingsFor(platform);
    if (!settings) {
      throw new AppError('VALIDATION_FAILED', `Sign-in with ${platform} is not configured on this server.`, {
        type: `No identity provider is configured for ${platform}.`,
      });
    }
    await pruneSignInState(ctx.db, ctx.clock);
    const start = await identity.begin(settings);
    await storeLoginAttempt(ctx.db, ctx.clock, {
      platform,
      state: start.state,
      codeVerifier: start.codeVerifier,
      nonce: start.nonce,
      redirect: safeRedirect(body.redirect),
      browserHash: bindBrowser(req, reply, config.publicUrl),
    });
    return { status: 'AUTHORIZATION_REQUIRED', redirectUrl: start.url };
  });

  defineRoute(app, api.authentication.authorize, { rateLimit })(async ({ actor, body, ctx, req, reply }) => {
    const secret = browserSecretOf(req);
    const consumed = await consumeLoginAttempt(
      ctx.db,
      ctx.clock,
      body.state,
      secret === null ? null : bindingHashOf(secret),
    );
    if (consumed.kind === 'expired') throw new AppError('VALIDATION_FAILED', EXPIRED, { state: EXPIRED });
    if (consumed.kind === 'foreign') throw notThisBrowser();
    const { attempt } = consumed;
    clearBrowserBinding(req, reply, config.publicUrl);
    // A browser with a valid session keeps it: a sign-in never silently replaces who is signed in.
    if (actor) throw alreadySignedIn();
    if (attempt.platform !== body.type) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This sign-in was started with another provider. Sign in again.',
        {
          type: 'Does not match the provider the sign-in was started with.',
        },
      );
    }
    if (body.error !== undefined) throw body.error === 'access_denied' ? providerRefused() : signInFailed();
    const settings = identity.settingsFor(attempt.platform);
    if (!settings || body.code === undefined) throw signInFailed();
    const verified = await identity.finish(
      settings,
      { code: body.code, state: body.state, iss: body.iss },
      { codeVerifier: attempt.codeVerifier, nonce: attempt.nonce },
    );
    const where = { ip: req.ip, userAgent: userAgentOf(req) };
    // The language chosen on /signin or /signup is the new account's (an existing one keeps its own).
    const { account } = await upsertAccount(
      ctx.db,
      { ...verified, language: body.language ?? verified.language },
      where,
    );
    const { token, row } = await createSession(ctx.db, ctx.clock, {
      accountId: account.id,
      selectedOrganizationId: account.defaultOrganizationId,
      ...where,
    });
    await recordAudit(ctx.db, { ...where, accountId: account.id }, 'account.signed_in', {
      subjectId: account.id,
      data: { platform: account.platform, sessionId: row.id },
    });
    const status = sessionStatusOf(account);
    const session = presentSession(row, account, token);
    return attempt.redirect ? { status, session, redirect: attempt.redirect } : { status, session };
  });

  defineRoute(
    app,
    api.authentication.logout,
  )(async ({ actor, ctx }) => {
    await endSession(ctx.db, ctx.clock, actor.account.id, actor.sessionId);
    await recordAudit(
      ctx.db,
      { accountId: actor.account.id, ip: actor.ip, userAgent: actor.userAgent },
      'account.signed_out',
      { subjectId: actor.account.id, data: { sessionId: actor.sessionId } },
    );
    return { status: 'OK' };
  });
}
