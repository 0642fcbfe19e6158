import type { P } from '@sinetti/contract';
import type { OrganizationActor } from '../../http/actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { latestProcessOf, type ProcessRow } from '../../queries/signing/signees.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import { appendSigningEvent, type EventActor } from './audit-chain.ts';
import { memberActor, readAll, signeeActor, type ClientInfo } from './common.ts';
import { liveLink } from './start.ts';

export type SignedFile = 'signed' | 'certificate';

export interface FileOut {
  source: string;
  name: string;
  sha256: string;
}

const SUFFIX: Record<'en' | 'fi', Record<SignedFile, string>> = {
  en: { signed: ' (signed)', certificate: ' (certificate of completion)' },
  fi: { signed: ' (allekirjoitettu)', certificate: ' (todistus allekirjoituksista)' },
};

function fileName(doc: DocumentRow, process: ProcessRow, file: SignedFile): string {
  const base = doc.name.replace(/\.(pdf|docx?|dotx?|rtf|odt|xlsx?|ods|csv|epub|pptx?)$/i, '');
  return `${base}${SUFFIX[process.lang][file]}.pdf`;
}

/**
 * Records in the round's audit trail that a finished round's file left the server, and to whom: a
 * download (signing/signed, signing/certificate, the signee's SigningComplete) or the signed PDF's bytes
 * sent for the document's preview (`via: 'preview'`; polls that answer "unchanged" send none and record
 * nothing), or through a share link (`via: 'share'` to view, `'share-download'`). See docs/decisions.md
 * "Signed preview". In the caller's transaction when `tx` is given.
 */
export async function recordDownload(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  who: {
    documentId: string;
    process: Pick<ProcessRow, 'id' | 'organizationId'>;
    signeeId: string | null;
    actor: EventActor;
  },
  what: { file: SignedFile; sha256: string; via?: 'preview' | 'share' | 'share-download' },
  tx?: DbOrTx,
): Promise<void> {
  const append = (db: DbOrTx) =>
    appendSigningEvent(db, {
      organizationId: who.process.organizationId,
      documentId: who.documentId,
      processId: who.process.id,
      signeeId: who.signeeId,
      type: 'downloaded',
      at: ctx.clock.now(),
      actor: who.actor,
      data: what,
    });
  if (tx) await append(tx);
  else await ctx.db.transaction(append);
}

/** Reads a finished round's file as a data URL and records who downloaded it. */
async function deliver(
  ctx: AppContext,
  doc: DocumentRow,
  process: ProcessRow | null,
  file: SignedFile,
  actor: EventActor,
  signeeId: string | null,
): Promise<FileOut> {
  if (!process || process.state !== 'completed') {
    throw new AppError('CONFLICT', 'The document has not been signed by everyone yet.').because(
      'NOT_FULLY_SIGNED',
    );
  }
  const key = file === 'signed' ? process.signedKey : process.certificateKey;
  const sha256 = file === 'signed' ? process.signedSha256 : process.certificateSha256;
  if (!key || !sha256) throw new AppError('FILE_NOT_FOUND', 'The signed file is missing. Contact support.');
  const bytes = await readAll(ctx.blobs, key);
  await recordDownload(ctx, { documentId: doc.id, process, signeeId, actor }, { file, sha256 });
  return {
    source: `data:application/pdf;base64,${bytes.toString('base64')}`,
    name: fileName(doc, process, file),
    sha256,
  };
}

/** The signed PDF or the certificate for a member who may view the document. */
export async function memberDownload(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_VIEW>,
  file: SignedFile,
): Promise<FileOut> {
  return deliver(ctx, doc, await latestProcessOf(ctx.db, doc), file, memberActor(actor), null);
}

/** The signed PDF or the certificate for a signee's link (SigningComplete). */
export async function signeeDownload(
  ctx: AppContext,
  token: string,
  file: SignedFile,
  client: ClientInfo,
): Promise<FileOut> {
  const target = await liveLink(ctx.db, token);
  if (!target) throw new AppError('NOT_FOUND', 'This link is no longer valid.');
  return deliver(
    ctx,
    target.document,
    target.process,
    file,
    signeeActor(target.signee, client),
    target.signee.id,
  );
}
