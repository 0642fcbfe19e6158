import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { VerificationReport } from '@sinetti/contract';
import { anonymousGate, InFlight } from '../../http/anonymous-gate.ts';
import { bodyToFile, ReadRate, type BodyFile } from '../../http/body-to-file.ts';
import type { RateLimit } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import { pdfWorkers, signingCaFromConfig } from '../../services/pdf/index.ts';
import { verificationContext } from '../../services/pdf/verification/index.ts';
import { eidTrustAnchors } from '../../services/eid/index.ts';

/** Per client address: each check parses an untrusted PDF in a worker. */
export const VERIFY_LIMIT = { name: 'verify', max: 30, windowMs: 60_000 } as const satisfies RateLimit;

/** The body types POST /api/verify reads, as raw bytes streamed to a temporary file (never stored). */
export const PDF_TYPES = ['application/pdf', 'application/octet-stream'] as const;

/** A PDF's header may start anywhere in its first 1024 bytes (ISO 32000-1, annex H.3 item 2). */
const PDF_MAGIC = { bytes: Buffer.from('%PDF-'), within: 1024 };

export const tooLarge = (maxBytes: number): AppError =>
  new AppError('FILE_TOO_LARGE', `The file is larger than ${maxBytes} bytes.`).because('VERIFY_TOO_LARGE', {
    maxBytes,
  });

const notPdf = (): AppError =>
  new AppError('UNSUPPORTED_FILE_TYPE', 'The file is not a PDF.').because('VERIFY_NOT_A_PDF');

const empty = (): AppError =>
  new AppError('VALIDATION_FAILED', 'Send the PDF as the body (Content-Type application/pdf).', {
    file: 'Required.',
  });

/** The temporary file of each request under way; removed when its request ends, however it ends. */
const files = new WeakMap<FastifyRequest['raw'], string>();

function removeFileOf(req: FastifyRequest): void {
  const file = files.get(req.raw);
  if (!file) return;
  files.delete(req.raw);
  void fsp.rm(file, { force: true }).catch(() => undefined);
}

/** Files of a process that ended mid-check are this old at least when the next start removes them. */
const STALE_MS = 3600_000;

/** Removes what a crashed process left in `dir` (other processes' files of the last hour are kept). */
export async function removeStaleFiles(dir: string, now = Date.now()): Promise<void> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith('verify-'))) {
    const file = `${dir}/${name}`;
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_MS) await fsp.rm(file, { force: true }).catch(() => undefined);
  }
}

/** Calls of POST /api/verify under way in this process, by address (the scope's gate). */
export function verifyInFlight(app: FastifyInstance): InFlight {
  const { perAddress, total } = app.ctx.config.anonymous.verify;
  return new InFlight(perAddress, total);
}

/**
 * POST /api/verify's admission and body: the rate limit and the calls under way are checked before the body
 * is read, a body that is not a PDF or too large is refused as it arrives, and an accepted one waits in a
 * temporary file (removed when the call ends) rather than in memory.
 */
export function acceptAnonymousPdf(scope: FastifyInstance, url: string, inFlight: InFlight): void {
  const settings = () => scope.ctx.config.anonymous;
  anonymousGate(scope, {
    method: 'POST',
    url,
    rateLimit: VERIFY_LIMIT,
    inFlight,
    types: PDF_TYPES,
    notAccepted: notPdf,
    maxBytes: () => settings().verify.maxBytes,
    tooLarge,
    onEnd: removeFileOf,
  });
  const rate = new ReadRate(settings().verify.readBytesPerSecond);
  void removeStaleFiles(settings().tmpDir);
  scope.addContentTypeParser([...PDF_TYPES], (req: FastifyRequest, payload, done) => {
    const limit = settings().verify.maxBytes;
    bodyToFile(payload, {
      rate,
      dir: settings().tmpDir,
      prefix: 'verify-',
      maxBytes: limit,
      magic: PDF_MAGIC,
      created: (file) => files.set(req.raw, file),
      tooLarge: () => tooLarge(limit),
      wrongStart: notPdf,
      empty,
    }).then(
      (file) => done(null, file),
      (err: Error) => done(err, undefined),
    );
  });
}

export function isBodyFile(body: unknown): body is BodyFile {
  return typeof body === 'object' && body !== null && typeof (body as BodyFile).path === 'string';
}

/**
 * The verification report of an uploaded file, made in the anonymous lane of PDF work (its own workers,
 * smaller limits; services/anonymous-budget.ts): the worker reads the file itself once it is free for it,
 * so that neither a waiting check nor the API's thread ever holds its bytes. Checked against the same
 * verificationContext as verifySignedPdf.
 */
export async function verifyAnonymousFile(
  app: FastifyInstance,
  file: BodyFile,
  owner: string,
): Promise<VerificationReport> {
  const ca = await signingCaFromConfig(app.ctx.config.signing);
  const context = await verificationContext(ca, undefined, await eidTrustAnchors(app));
  const workers = pdfWorkers(app.ctx.config.anonymous.verify.pool);
  return workers.run('verifyFile', { file: file.path, ...context }, owner);
}
