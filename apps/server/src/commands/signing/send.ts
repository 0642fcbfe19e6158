import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_STATE,
  endOfHelsinkiDay,
  type P,
  type SendOptions,
  type SigningMethodId,
} from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { documents, signees, signingProcesses } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { documentColumns, type DocumentRow } from '../../queries/documents/columns.ts';
import { expiryDays } from '../../queries/signing/quote.ts';
import { latestProcessOf, listSignees, type SigneeRow } from '../../queries/signing/signees.ts';
import { prepareSignable, type PdfFindings } from '../../services/pdf/index.ts';
import { reserveMailQuota } from '../../services/mail/limits.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { chargeBalance, levelOfSignee } from '../billing/charge.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { appendSigningEvent } from './audit-chain.ts';
import {
  chargeReference,
  fullNameOf,
  levelLabel,
  links,
  memberActor,
  issueSigneeLink,
  readPdf,
  storePdf,
} from './common.ts';
import { currentVersionNumber } from '../../queries/documents/versions.ts';
import { retryTransactionOnce } from '../../db/retry.ts';
import { accountContact } from './people.ts';
import { pdfFailure, pdfRun } from './pdf-run.ts';
import { mailAndRecord, type RoundMailPlace } from './round-mail.ts';
import { applySigningOrder, assertOrderNamesSignees, isOrdered, onTurn } from './order.ts';
import { assertFieldsOnPages, pagesForSend } from '../documents/fields.ts';

export type SendResult =
  | { status: 'OK'; document: DocumentRow }
  | { status: 'LIMIT_LOW_BALANCE'; document: DocumentRow; balance: number; required: number };

function assertSendable(doc: DocumentRow, list: SigneeRow[], providers: SigningProviders): void {
  assertAllowed(documentRules.send(doc, list.length));
  const unserved = list.find((s) => providers.method(s.method)?.level !== s.level);
  if (unserved) {
    throw new AppError(
      'CONFLICT',
      `No signing provider serves the ${levelLabel(unserved.level, 'en').toLowerCase()} level of ${unserved.email}.`,
    ).because('NO_PROVIDER_FOR_LEVEL');
  }
  assertAllowed(documentRules.pdf(doc));
}

const DAY_MS = 24 * 3600_000;

/** The round's expiry and first automatic reminder from the sender's options (400 outside the range). */
export function followUpOf(options: SendOptions, now: Date) {
  const days = expiryDays(now);
  const day = options.expiresOn ?? days.defaultOn;
  if (day < days.minOn || day > days.maxOn) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The expiry day must be between ${days.minOn} and ${days.maxOn}.`,
      { expiresOn: 'out of range' },
    ).because('EXPIRY_OUT_OF_RANGE');
  }
  const expiresAt = endOfHelsinkiDay(day);
  const reminderDays = options.reminderDays ?? null;
  const first = reminderDays ? new Date(now.getTime() + reminderDays * DAY_MS) : null;
  return {
    message: options.message?.trim() || null,
    expiresAt,
    reminderDays,
    nextReminderAt: first && first < expiresAt ? first : null,
  };
}

/** What the signature page shows of a document and its signees: a send re-checks it under the lock. */
function preparedFor(doc: DocumentRow, list: SigneeRow[]): string {
  return JSON.stringify([
    doc.pdfSha256,
    doc.name,
    list.map((s) => [s.id, s.email, fullNameOf(s), s.level, s.language]),
  ]);
}

/**
 * The round's language (its signature page's headings, file names, certificate): the signees' when they all
 * read one, else the owner's (issue #31 item 2; each signee's own label and stamp are in their language).
 */
export function roundLanguage(list: readonly Pick<SigneeRow, 'language'>[], owner: 'en' | 'fi'): 'en' | 'fi' {
  const [first, ...rest] = list.map((s) => s.language);
  return first && rest.every((l) => l === first) ? first : owner;
}

/**
 * The rendition plus the signature page, made in a PDF worker (never inside the transaction): the worker
 * reads the whole file within the limits and dry-runs every signature and the seal, so a PDF that could
 * not be signed to the end is refused here (409 with the reason) before anything is charged.
 */
async function prepareVersion(ctx: AppContext, doc: DocumentRow, list: SigneeRow[], lang: 'en' | 'fi') {
  const rendition = await readPdf(ctx.blobs, doc.pdfKey ?? '');
  try {
    return await prepareSignable(
      rendition,
      list.map((s) => ({
        name: fullNameOf(s),
        email: s.email,
        level: levelLabel(s.level, s.language),
        lang: s.language,
      })),
      { documentName: doc.name, documentId: doc.id, lang },
      pdfRun(ctx, doc.organizationId),
    );
  } catch (err) {
    ctx.log.warn({ documentId: doc.id, err: (err as Error).message }, 'signing: the PDF cannot be prepared');
    throw pdfFailure(err);
  }
}

/**
 * A certified PDF (a DocMDP signature by its author) is not sent: the signature pages and signatures added
 * here are changes that no DocMDP permission allows, so every reader would report the certification as
 * broken (issue #30 item 4; docs/decisions.md "A certified upload is refused at send").
 */
function assertNotCertified(findings: PdfFindings): void {
  if (findings.certification === null) return;
  throw new AppError(
    'CONFLICT',
    `The PDF of this document is certified by its author (DocMDP, permission ${findings.certification}); ` +
      'signing it would break the certification.',
  ).because('PDF_CERTIFIED', { permission: findings.certification });
}

/** A rendition that had to be rewritten is sent only once the sender has been told (issue 11 item 4). */
function assertRewriteAccepted(keptIntact: boolean, acceptRewrite: boolean): void {
  if (keptIntact || acceptRewrite) return;
  throw new AppError(
    'CONFLICT',
    'The PDF of this document cannot be kept exactly as it is (damaged structure or permission-only encryption) and ' +
      'would be rewritten; signatures already in it would be lost.',
  ).because('PDF_REWRITE_NEEDED');
}

/**
 * Sends a document for signing. The slow part first, without locks: the version to be signed is prepared
 * (and checked) in a PDF worker and stored. Then one transaction under the document's row lock re-checks
 * that nothing it shows changed (a second send, from another tab too, waits and then finds it already
 * Signing), charges every signee at its level (LIMIT_LOW_BALANCE changes nothing), moves to Signing and
 * e-mails each signee a new link. A stored version that is not used is deleted. A rendition that could not
 * be kept byte for byte is refused with PDF_REWRITE_NEEDED unless `acceptRewrite` (the sender was told).
 */
export async function sendForSigning(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  options: SendOptions & { acceptRewrite?: boolean } = {},
): Promise<SendResult> {
  const draft = authorized;
  const followUp = followUpOf(options, ctx.clock.now());
  const draftList = await listSignees(ctx.db, draft.id);
  assertSendable(draft, draftList, providers);
  assertOrderNamesSignees(draftList, options.signingOrder);
  // Fields on pages the PDF no longer has are refused before anything is prepared (issue #33 item 1).
  const fieldPages = await pagesForSend(ctx, draft);
  await assertFieldsOnPages(ctx.db, draft, fieldPages);
  const owner =
    (await accountContact(ctx.db, draft.ownerAccountId)) ?? (await accountContact(ctx.db, actor.account.id));
  const lang = roundLanguage(draftList, owner?.lang ?? actor.account.language);
  const prepared = await prepareVersion(ctx, draft, draftList, lang);
  assertNotCertified(prepared.findings);
  assertRewriteAccepted(prepared.keptIntact, options.acceptRewrite ?? false);
  const version = await storePdf(ctx.blobs, draft.organizationId, prepared.pdf);
  let used = false;
  try {
    // Lock order: the document, then the organization (balance), then the mail counters; a deadlock or
    // serialization failure is run once more (docs/decisions.md "Lock order in an organization").
    const result = await retryTransactionOnce(() =>
      ctx.db.transaction(async (tx) => {
        used = false;
        const doc = await relock(tx, authorized);
        const now = ctx.clock.now();
        const listed = await listSignees(tx, doc.id);
        assertSendable(doc, listed, providers);
        await assertFieldsOnPages(tx, doc, fieldPages);
        // The sender's signing order is stored on the signees first (issue #33 item 3).
        const list = await applySigningOrder(tx, listed, options.signingOrder, now);
        if (preparedFor(doc, list) !== preparedFor(draft, draftList)) {
          throw new AppError(
            'CONFLICT',
            'The document or its signees changed while it was being prepared for signing. Send it again.',
          ).because('CHANGED_WHILE_SENDING');
        }
        const round = ((await latestProcessOf(tx, doc))?.round ?? 0) + 1;
        const processId = randomUUID();
        const charge = await chargeBalance(tx, {
          organizationId: doc.organizationId,
          items: list.map((s) => ({
            level: levelOfSignee(s.level),
            method: s.method as SigningMethodId,
            reference: chargeReference(processId, s.id),
          })),
          idempotencyKey: `signing.send:${doc.id}:${round}`,
          now,
          audit: auditOf(actor),
        });
        if (charge.status === 'LIMIT_LOW_BALANCE') return { ...charge, document: doc };
        // Every signee's request is counted now, later groups' too (they are e-mailed inside a signature's
        // transaction, which must not fail on the sender's quota).
        await reserveMailQuota(tx, ctx.clock, ctx.config.mail, {
          organizationId: doc.organizationId,
          recipients: list.map((s) => s.email),
        });

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
          documentVersion: await currentVersionNumber(tx, doc.id),
          currentKey: version.key,
          currentSha256: version.sha256,
          sentAt: now,
          nameMismatch: options.nameMismatch ?? 'continue',
          ...followUp,
        });
        used = true;
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
            signees: list.map((s) => ({
              id: s.id,
              email: s.email,
              level: s.level,
              ...(isOrdered(list) ? { group: s.signingGroup } : {}),
            })),
            charged: -charge.transactions.reduce((sum, t) => sum + t.amountCents, 0),
            originalSha256: doc.sha256,
            renditionSha256: doc.pdfSha256,
            versionSha256: version.sha256,
            // False: the rendition was rewritten (the sender accepted it); earlier signatures in it are lost.
            keptIntact: prepared.keptIntact,
            // What the sender was warned about: hidden layers, unreferenced streams, earlier signatures.
            findings: prepared.findings,
            expiresAt: followUp.expiresAt.toISOString(),
            reminderDays: followUp.reminderDays,
            message: followUp.message !== null,
          },
        });
        const sender = (await accountContact(tx, actor.account.id))?.name ?? actor.account.email;
        const organization = actor.membership.organization;
        // Signing order: only the first group is asked now; the next when the one before has signed.
        const pending = list.map((s) => ({ ...s, status: 'pending' as const }));
        await mailSignees(tx, ctx, onTurn(pending), base, {
          documentName: doc.name,
          senderName: sender,
          organizationName: organization.isPersonal ? sender : organization.name,
          ...(followUp.message ? { message: followUp.message } : {}),
        });
        return { status: 'OK' as const, document: updated ?? doc };
      }),
    );
    return result;
  } catch (err) {
    used = false;
    throw err;
  } finally {
    if (!used) await ctx.blobs.delete(version.key).catch(() => undefined);
  }
}

async function mailSignees(
  tx: Tx,
  ctx: AppContext,
  list: SigneeRow[],
  place: RoundMailPlace,
  mail: {
    documentName: string;
    senderName: string;
    organizationName: string;
    message?: string;
  },
): Promise<void> {
  for (const s of list) {
    // A new round: nobody has opened a signing page yet, so each reads the language the sender chose.
    const to = { email: s.email, name: fullNameOf(s), lang: s.language, signeeId: s.id };
    const token = await issueSigneeLink(tx, {
      signeeId: to.signeeId,
      processId: place.processId,
      kind: 'request',
    });
    await mailAndRecord(tx, ctx.clock, place, to, 'signing-request', {
      documentName: mail.documentName,
      senderName: mail.senderName,
      organizationName: mail.organizationName,
      link: links.sign(ctx, token),
      ...(mail.message ? { message: mail.message } : {}),
    });
  }
}
