import { api } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { declineSigning } from '../../commands/signing/decline.ts';
import { signeeDownload } from '../../commands/signing/files.ts';
import { signingProvidersOf } from '../../commands/signing/providers.ts';
import { signeeStatus, startSigning } from '../../commands/signing/start.ts';
import { defineRoute } from '../../http/route.ts';
import { SIGNING_LIMITS, clientOf } from './limits.ts';

/** SigningStart and SigningComplete: calls made with a signee's link token. */
export function registerSigningPublicRoutes(app: FastifyInstance): void {
  const providers = signingProvidersOf(app.ctx.config);
  const limited = { rateLimit: SIGNING_LIMITS.public };

  defineRoute(
    app,
    api.signing.status,
    limited,
  )(async ({ params, ctx }) => {
    const s = await signeeStatus(ctx, params.token);
    if (!s.found) {
      const ended = s.expired ? { expired: true } : {};
      return { status: 'NOT_FOUND', locked: false, signed: false, completed: false, ...ended };
    }
    return {
      status: 'OK',
      locked: s.locked,
      signed: s.signed,
      completed: s.completed,
      ...(s.declined ? { declined: true } : {}),
      ...(s.waitingFor ? { notYourTurn: true, waitingFor: s.waitingFor } : {}),
      ...(s.lockedUntil ? { lockedUntil: s.lockedUntil.toISOString() } : {}),
      ...(s.documentName ? { documentName: s.documentName } : {}),
      ...(s.signeeName ? { signeeName: s.signeeName } : {}),
      ...(s.organizationName ? { organizationName: s.organizationName } : {}),
      ...(s.embedOrigins?.length ? { embedOrigins: s.embedOrigins } : {}),
      ...(s.lang ? { lang: s.lang } : {}),
    };
  });

  defineRoute(
    app,
    api.signing.start,
    limited,
  )(async ({ params, query, ctx, req }) => {
    const started = await startSigning(ctx, providers, params.token, query.lang, clientOf(req));
    return { status: 'OK', signingUrl: started.signingUrl, expiresAt: started.expiresAt.toISOString() };
  });

  defineRoute(
    app,
    api.signing.decline,
    limited,
  )(async ({ params, body, ctx, req }) => {
    await declineSigning(ctx, { kind: 'link', token: params.token }, body.reason, clientOf(req));
    return { status: 'OK' };
  });

  defineRoute(
    app,
    api.signing.download,
    limited,
  )(async ({ params, ctx, req }) => ({
    status: 'OK',
    ...(await signeeDownload(ctx, params.token, 'signed', clientOf(req))),
  }));

  defineRoute(
    app,
    api.signing.downloadCertificate,
    limited,
  )(async ({ params, ctx, req }) => ({
    status: 'OK',
    ...(await signeeDownload(ctx, params.token, 'certificate', clientOf(req))),
  }));
}
