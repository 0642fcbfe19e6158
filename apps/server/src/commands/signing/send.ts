import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE, type P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, signees, signingProcesses } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { latestProcessOf, listSignees, type SigneeRow } from '../../queries/signing/signees.ts';
import { enqueueMail } from '../../services/mail/index.ts';
import { prepareForSigning } from '../../services/pdf/index.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { chargeBalance, levelOfSignee } from '../billing/charge.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { appendSigningEvent, systemActor } from './audit-chain.ts';
import {
  chargeReference,
  fullNameOf,
  levelLabel,
  links,
  memberActor,
  issueSigneeLink,
  readAll,
  storePdf,
} from './common.ts';
import { accountContact, countPages } from './people.ts';

export type SendResult =
  | { status: 'OK'; document: DocumentRow }
  | { status: 'LIMIT_LOW_BALANCE'; document: DocumentRow; balance: number; required: number };

function assertSendable(doc: DocumentRow, list: SigneeRow[], providers: SigningProviders): void {
  assertAllowed(documentRules.send(doc, list.length));
  const unserved = list.find((s) => !providers.serves(s.level));
  if (unserved) {
    throw new AppError(
      'CONFLICT',
      `No signing provider serves the ${levelLabel(unserved.level, 'en').toLowerCase()} level of ${unserved.email}.`,
    ).because('NO_PROVIDER_FOR_LEVEL');
  }
  if (!doc.pdfKey || !doc.pdfSha256) {
    throw new AppError(
      'CONFLICT',
      doc.conversionStatus === 'pending'
        ? 'The PDF of this document is still being made. Try again in a moment.'
        : 'This document has no PDF version, so it cannot be signed.',
    ).because(doc.conversionStatus === 'pending' ? 'PDF_PENDING' : 'PDF_UNSIGNABLE');
  }
}

/** The rendition plus the signature page; a PDF that cannot be read or signed (encrypted, damaged) is 409. */
async function prepareVersion(ctx: AppContext, doc: DocumentRow, list: SigneeRow[], lang: 'en' | 'fi') {
  const rendition = await readAll(ctx.blobs, doc.pdfKey ?? '');
  try {
    const prepared = await prepareForSigning(
      rendition,
      list.map((s) => ({ name: fullNameOf(s), email: s.email, level: levelLabel(s.level, lang) })),
      { documentName: doc.name, documentId: doc.id, lang },
    );
    return { pdf: prepared.pdf, pages: countPages(prepared.pdf) };
  } catch (err) {
    ctx.log.warn({ documentId: doc.id, err: (err as Error).message }, 'signing: the PDF cannot be prepared');
    throw new AppError(
      'CONFLICT',
      'The PDF of this document cannot be signed: it is encrypted or damaged.',
    ).because('PDF_UNSIGNABLE');
  }
}

/**
 * Sends a document for signing, all in one transaction under the document's row lock (a second send,
 * from another tab too, waits and then finds it already Signing): charge every signee at its level
 * (LIMIT_LOW_BALANCE changes nothing), fix the version to be signed, move to Signing, e-mail each signee
 * a new link.
 */
export async function sendForSigning(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
): Promise<SendResult> {
  const written: string[] = [];
  try {
    return await ctx.db.transaction(async (tx) => {
      const doc = await relock(tx, authorized);
      const list = await listSignees(tx, doc.id);
      assertSendable(doc, list, providers);
      const now = ctx.clock.now();
      const round = ((await latestProcessOf(tx, doc.id))?.round ?? 0) + 1;
      const processId = randomUUID();
      const charge = await chargeBalance(tx, {
        organizationId: doc.organizationId,
        items: list.map((s) => ({
          level: levelOfSignee(s.level),
          reference: chargeReference(processId, s.id),
        })),
        idempotencyKey: `signing.send:${doc.id}:${round}`,
        now,
        audit: auditOf(actor),
      });
      if (charge.status === 'LIMIT_LOW_BALANCE') return { ...charge, document: doc };

      const owner =
        (await accountContact(tx, doc.ownerAccountId)) ?? (await accountContact(tx, actor.account.id));
      const lang = owner?.lang ?? actor.account.language;
      const prepared = await prepareVersion(ctx, doc, list, lang);
      const version = await storePdf(ctx.blobs, doc.organizationId, prepared.pdf);
      written.push(version.key);
      await tx.insert(signingProcesses).values({
        id: processId,
        organizationId: doc.organizationId,
        documentId: doc.id,
        round,
        lang,
        sentBy: actor.account.id,
        originalSha256: doc.sha256 ?? doc.pdfSha256 ?? version.sha256,
        versionKey: version.key,
        versionSha256: version.sha256,
        versionSize: version.size,
        pages: prepared.pages,
        currentKey: version.key,
        currentSha256: version.sha256,
        sentAt: now,
      });
      for (const [slot, s] of list.entries()) {
        await tx
          .update(signees)
          .set({ slot, status: 'pending', signedAt: null, updatedAt: now })
          .where(eq(signees.id, s.id));
      }
      const [updated] = await tx
        .update(documents)
        .set({ state: DOCUMENT_STATE.Signing, updatedAt: now })
        .where(eq(documents.id, doc.id))
        .returning(documentColumns);
      const base = { organizationId: doc.organizationId, documentId: doc.id, processId, at: now };
      await appendSigningEvent(tx, {
        ...base,
        type: 'sent',
        actor: memberActor(actor),
        data: {
          round,
          signees: list.map((s) => ({ id: s.id, email: s.email, level: s.level })),
          charged: -charge.transactions.reduce((sum, t) => sum + t.amountCents, 0),
          originalSha256: doc.sha256,
          renditionSha256: doc.pdfSha256,
          versionSha256: version.sha256,
        },
      });
      const sender = (await accountContact(tx, actor.account.id))?.name ?? actor.account.email;
      const organization = actor.membership.organization;
      await mailSignees(tx, ctx, list, base, {
        documentName: doc.name,
        senderName: sender,
        organizationName: organization.isPersonal ? sender : organization.name,
        lang,
      });
      return { status: 'OK' as const, document: updated ?? doc };
    });
  } catch (err) {
    for (const key of written) await ctx.blobs.delete(key).catch(() => undefined);
    throw err;
  }
}

async function mailSignees(
  tx: Tx,
  ctx: AppContext,
  list: SigneeRow[],
  base: { organizationId: string; documentId: string; processId: string; at: Date },
  mail: { documentName: string; senderName: string; organizationName: string; lang: 'en' | 'fi' },
): Promise<void> {
  for (const s of list) {
    const token = await issueSigneeLink(tx, { signeeId: s.id, processId: base.processId, kind: 'request' });
    await enqueueMail(tx, ctx.clock, {
      to: s.email,
      toName: fullNameOf(s),
      lang: mail.lang,
      template: 'signing-request',
      data: {
        documentName: mail.documentName,
        senderName: mail.senderName,
        organizationName: mail.organizationName,
        link: links.sign(ctx, token),
      },
    });
    await appendSigningEvent(tx, {
      ...base,
      signeeId: s.id,
      type: 'emailed',
      actor: systemActor,
      data: { template: 'signing-request', to: s.email },
    });
  }
}
