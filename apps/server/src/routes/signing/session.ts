import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { declineSigning } from '../../commands/signing/decline.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { sendCode, verifyCode } from '../../commands/signing/session-code.ts';
import { leaveSession, liveSession } from '../../commands/signing/session-live.ts';
import { sessionPdf, sessionView } from '../../commands/signing/session-view.ts';
import { signAsSignee } from '../../commands/signing/sign.ts';
import { beginIdentification } from '../../commands/signing/identify.ts';
import { providerReturn } from '../../commands/signing/provider-return.ts';
import { beginRemoteSigning } from '../../commands/signing/qtsp-sign.ts';
import { contentDisposition } from '../documents/files.ts';
import { defineRoute } from '../../http/route.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validation.ts';
import { SIGNING_LIMITS, clientOf } from './limits.ts';

/** The built-in signing page's calls, made with the signing-session token. */
export function registerSigningSessionRoutes(app: FastifyInstance): void {
  const providers = signingProvidersOf(app.ctx.config);

  defineRoute(app, api.signing.session, { rateLimit: SIGNING_LIMITS.public })(async ({ params, ctx }) => ({
    status: 'OK',
    ...(await sessionView(ctx, providers, params.sessionToken)),
  }));

  // The PDF itself (not JSON): the same rate limit and validation steps as defineRoute.
  const pdf = api.signing.sessionPdf;
  app.get(`/api${pdf.path}`, async (req, reply) => {
    const ctx = app.ctx;
    await hitRateLimit(ctx.db, ctx.clock, SIGNING_LIMITS.public, req.ip);
    const params = parseInput(pdf.params, req.params, 'params');
    const file = await sessionPdf(ctx, params.sessionToken, clientOf(req));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(file.name).replace(/^attachment/, 'inline'))
      .header('content-length', String(file.bytes.length))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });

  defineRoute(app, api.signing.sendCode, { rateLimit: SIGNING_LIMITS.code })(async ({ params, ctx, req }) => {
    const sent = await sendCode(ctx, params.sessionToken, clientOf(req));
    return {
      status: 'OK',
      codeSentAt: sent.codeSentAt.toISOString(),
      codeExpiresAt: sent.codeExpiresAt.toISOString(),
      resendAt: sent.resendAt.toISOString(),
    };
  });

  defineRoute(app, api.signing.verifyCode, { rateLimit: SIGNING_LIMITS.verify })(
    async ({ params, body, ctx, req }) => {
      await verifyCode(ctx, params.sessionToken, body.code, clientOf(req));
      return { status: 'OK', codeVerified: true };
    },
  );

  defineRoute(app, api.signing.heartbeat, { rateLimit: SIGNING_LIMITS.public })(async ({ params, ctx }) => {
    const { session } = await liveSession(ctx, params.sessionToken);
    return { status: 'OK', expiresAt: session.expiresAt.toISOString() };
  });

  defineRoute(app, api.signing.leave, { rateLimit: SIGNING_LIMITS.public })(async ({ params, ctx }) => {
    await leaveSession(ctx, params.sessionToken);
    return { status: 'OK' };
  });

  defineRoute(app, api.signing.sessionDecline, { rateLimit: SIGNING_LIMITS.public })(
    async ({ params, body, ctx, req }) => {
      const from = { kind: 'session', token: params.sessionToken } as const;
      await declineSigning(ctx, from, body.reason, clientOf(req));
      return { status: 'OK' };
    },
  );

  defineRoute(app, api.signing.sign, { rateLimit: SIGNING_LIMITS.public })(
    async ({ params, body, ctx, req }) => {
      const result = await signAsSignee(ctx, providers, params.sessionToken, body, clientOf(req));
      return { status: 'OK', redirect: result.redirect };
    },
  );

  defineRoute(app, api.signing.identify, { rateLimit: SIGNING_LIMITS.provider })(async ({ params, ctx }) => ({
    status: 'OK',
    ...(await beginIdentification(ctx, providers, params.sessionToken)),
  }));

  defineRoute(app, api.signing.remoteSign, { rateLimit: SIGNING_LIMITS.provider })(
    async ({ params, body, ctx }) => ({
      status: 'OK',
      ...(await beginRemoteSigning(ctx, providers, params.sessionToken, body)),
    }),
  );

  defineRoute(app, api.signing.providerReturn, { rateLimit: SIGNING_LIMITS.provider })(
    async ({ params, body, ctx, req }) => ({
      status: 'OK',
      ...(await providerReturn(ctx, providers, params.sessionToken, body, clientOf(req))),
    }),
  );
}
