import { api } from '@sinetti/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { anonymousGate, InFlight } from '../../http/anonymous-gate.ts';
import { hitRateLimit, type RateLimit } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import {
  currentCrl,
  signingCaFromConfig,
  timestampUnitOf,
  TimestampRequestError,
} from '../../services/pdf/index.ts';

/** Per client address: fetching the CA's files, and time-stamp requests (each one a signature by the unit). */
export const PKI_LIMITS = {
  files: { name: 'pki-files', max: 120, windowMs: 60_000 },
  timestamp: { name: 'pki-tsa', max: 60, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

/** RFC 3161 requests are a few hundred bytes; anything near this is not one. */
export const TSA_BODY_LIMIT = 8 * 1024;

const TSA_TYPE = 'application/timestamp-query';

const notTimestampQuery = (): AppError =>
  new AppError('UNSUPPORTED_FILE_TYPE', 'Send a DER TimeStampReq as application/timestamp-query.');

function sendDer(reply: FastifyReply, type: string, der: Uint8Array, maxAgeSeconds: number): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-length', String(der.length))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', `public, max-age=${maxAgeSeconds}`)
    .send(Buffer.from(der.buffer, der.byteOffset, der.length));
}

/**
 * The CA's certificate and CRL (stable URLs named in every certificate it issues) and the RFC 3161
 * time-stamping unit, for anyone: no session, rate-limited per address, binary bodies as the standards say.
 */
export function registerPkiRoutes(app: FastifyInstance): void {
  const ca = () => signingCaFromConfig(app.ctx.config.signing);

  app.get(`/api${api.pki.caCertificate.path}`, async (req, reply) => {
    await hitRateLimit(app.ctx.db, app.ctx.clock, PKI_LIMITS.files, req.ip);
    const { der } = await ca();
    return sendDer(reply, 'application/pkix-cert', der, 24 * 3600);
  });

  app.get(`/api${api.pki.crl.path}`, async (req, reply) => {
    await hitRateLimit(app.ctx.db, app.ctx.clock, PKI_LIMITS.files, req.ip);
    const crl = await currentCrl(await ca());
    return sendDer(reply, 'application/pkix-crl', crl.der, 3600);
  });

  // Only this scope reads application/timestamp-query, as raw bytes.
  void app.register(async (scope) => {
    const { perAddress, total } = app.ctx.config.anonymous.tsa;
    // Rate limit, requests under way, type and declared size: decided before the body is read.
    anonymousGate(scope, {
      method: 'POST',
      url: `/api${api.pki.timestamp.path}`,
      rateLimit: PKI_LIMITS.timestamp,
      inFlight: new InFlight(perAddress, total),
      types: [TSA_TYPE],
      notAccepted: notTimestampQuery,
      maxBytes: () => TSA_BODY_LIMIT,
      tooLarge: (limit) => new AppError('FILE_TOO_LARGE', `A time-stamp request is at most ${limit} bytes.`),
    });
    scope.addContentTypeParser(
      TSA_TYPE,
      { parseAs: 'buffer', bodyLimit: TSA_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(`/api${api.pki.timestamp.path}`, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw notTimestampQuery();
      let answer: Uint8Array;
      try {
        answer = await timestampUnitOf(await ca()).respond(req.body);
      } catch (err) {
        if (err instanceof TimestampRequestError) throw new AppError('VALIDATION_FAILED', err.message);
        throw err;
      }
      return reply
        .header('content-type', 'application/timestamp-reply')
        .header('cache-control', 'no-store')
        .send(Buffer.from(answer.buffer, answer.byteOffset, answer.length));
    });
  });
}
