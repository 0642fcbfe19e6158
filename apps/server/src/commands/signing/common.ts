import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { SIGNEE_LEVELS, type Language, type SigneeLevel } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { signeeLinks } from '../../db/schema/index.ts';
import type { AccountActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { BlobNotFoundError, putHashed, readBytes, type BlobStore } from '../../services/blob-store/index.ts';
import { GrowingPdf } from '../../services/pdf/growing-pdf.ts';
import type { EventActor } from './audit-chain.ts';

/** Blobs of signing (versions to be signed, working copies, signed PDFs, certificates). */
export const SIGNING_BLOB_PREFIX = 'signing/';

export const SIGNING_JOBS = {
  /** After the last signature: the platform seal, the certificate, state Signed, e-mails. */
  seal: 'signing.seal',
  /** Working copies no longer needed (cancelled rounds, superseded copies). */
  deleteBlobs: 'signing.delete-blobs',
} as const;

/** The ledger reference of one signee's charge in one round (refunds find it by this). */
export const chargeReference = (processId: string, signeeId: string) => `signing:${processId}:${signeeId}`;

export function signingBlobKey(organizationId: string): string {
  return `${SIGNING_BLOB_PREFIX}${organizationId}/${randomUUID()}`;
}

/** Stores PDF bytes under a new key; returns the key and the bytes' SHA-256. */
export async function storePdf(
  blobs: BlobStore,
  organizationId: string,
  bytes: Uint8Array,
): Promise<{ key: string; sha256: string; size: number }> {
  const key = signingBlobKey(organizationId);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength); // not a copy of the file
  const stored = await putHashed(blobs, key, Readable.from([view]), {
    contentType: 'application/pdf',
  });
  return { key, sha256: stored.sha256, size: stored.size };
}

/** Reads a whole blob; a missing one is FILE_NOT_FOUND (SPEC §8), never a 500. */
export function readAll(blobs: BlobStore, key: string): Promise<Buffer> {
  return readBlob(blobs, key, readBytes);
}

/**
 * Reads a stored PDF that signing, the seal or a time-stamp extends: straight into shared memory
 * (GrowingPdf.read), which the PDF workers read and the next update extends without another full-size copy.
 */
export function readPdf(blobs: BlobStore, key: string): Promise<Buffer> {
  return readBlob(blobs, key, async (chunks) => (await GrowingPdf.read(chunks)).bytes);
}

async function readBlob(
  blobs: BlobStore,
  key: string,
  read: (chunks: AsyncIterable<Uint8Array>) => Promise<Buffer>,
): Promise<Buffer> {
  try {
    return await read(await blobs.get(key));
  } catch (err) {
    if (err instanceof BlobNotFoundError) {
      throw new AppError('FILE_NOT_FOUND', 'A stored file of this signing is missing. Contact support.');
    }
    throw err;
  }
}

/** A secret for a link or a session (256 random bits) and the hash the database keeps. */
export function newSecret(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: sha256Hex(token) };
}

export const hashSecret = (token: string): string => sha256Hex(token);

/** A new public link for a signee (only its hash is stored); returns the token that goes into the URL. */
export async function issueSigneeLink(
  tx: DbOrTx,
  link: { signeeId: string; processId: string; kind: 'request' | 'completed' },
): Promise<string> {
  const secret = newSecret();
  await tx.insert(signeeLinks).values({ tokenHash: secret.hash, ...link });
  return secret.token;
}

export function fullNameOf(s: { givenName: string; familyName: string; email: string }): string {
  const name = `${s.givenName} ${s.familyName}`.trim();
  return name === '' ? s.email : name;
}

const LEVEL_LABELS: Record<Language, Record<number, string>> = {
  en: { 1: 'Simple', 10: 'Advanced', 20: 'Qualified' },
  fi: { 1: 'Yksinkertainen', 10: 'Kehittynyt', 20: 'Hyväksytty' },
};

/** A stored level as the contract's type (the database's check allows only these). */
export function toLevel(level: number): SigneeLevel {
  const found = SIGNEE_LEVELS.find((l) => l === level);
  if (found === undefined) throw new Error(`Unknown signee level ${level}`);
  return found;
}

export function levelLabel(level: number, lang: Language): string {
  return LEVEL_LABELS[lang][level] ?? String(level);
}

/** `fi` for Finnish browser languages (fi, fi-FI…), otherwise `en`. */
export function languageOf(value: string | null | undefined, fallback: Language): Language {
  if (!value) return fallback;
  return value.toLowerCase().startsWith('fi') ? 'fi' : 'en';
}

export const links = {
  sign: (ctx: Pick<AppContext, 'config'>, token: string) => `${ctx.config.publicUrl}/public/sign/${token}`,
  signed: (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/public/signed/${token}`,
  document: (ctx: AppContext, id: string) => `${ctx.config.publicUrl}/document/${id}`,
};

export function memberActor(actor: AccountActor): EventActor {
  return {
    kind: 'member',
    id: actor.account.id,
    // A call made with an API key names the key in the document's signing events (issue #34 item 1).
    label: actor.apiKey ? `${actor.account.email} (API key ${actor.apiKey.name})` : actor.account.email,
    ip: actor.ip,
    userAgent: actor.userAgent,
  };
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function signeeActor(signee: { id: string; email: string }, client: ClientInfo): EventActor {
  return { kind: 'signee', id: signee.id, label: signee.email, ip: client.ip, userAgent: client.userAgent };
}
