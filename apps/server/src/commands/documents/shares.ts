import { P, SHARE_LINKS_MAX, SHARE_MAX_DAYS, type ShareLink } from '@sinetti/contract';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, persons, shareLinks } from '../../db/schema/index.ts';
import { personName } from '../../queries/person-name.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { loadMembership } from '../../policies/membership.ts';
import { relock, seesDocument, type AuthorizedDocument } from '../../policies/documents.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { systemAccess } from '../../policies/system.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { pdfOf, signedPdfOf, type Rendition } from '../../queries/documents/renditions.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { recordDownload } from '../signing/files.ts';
import { requesterOf } from '../signing/people.ts';

type ShareRow = typeof shareLinks.$inferSelect;
type Sharer = AuthorizedDocument<typeof P.DOCUMENTS_EDIT_ROLES>;

const DAY_MS = 24 * 3600_000;

const ended = () => new AppError('NOT_FOUND', 'This share link no longer works.').because('SHARE_LINK_ENDED');

function stateOf(row: ShareRow, now: Date): ShareLink['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function present(row: ShareRow, now: Date, createdBy: string | null): ShareLink {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    createdBy,
    expires: row.expiresAt?.toISOString() ?? null,
    allowDownload: row.allowDownload,
    state: stateOf(row, now),
    opens: row.opens,
    lastOpened: row.lastOpenedAt?.toISOString() ?? null,
  };
}

const live = (now: Date) =>
  and(isNull(shareLinks.revokedAt), or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)));

/** The document's share links, newest first, with their makers' names. */
export async function listShares(db: DbOrTx, now: Date, doc: Sharer): Promise<ShareLink[]> {
  const rows = await db
    .select({
      share: shareLinks,
      email: accounts.email,
      name: personName,
    })
    .from(shareLinks)
    .leftJoin(accounts, eq(accounts.id, shareLinks.createdBy))
    .leftJoin(persons, eq(persons.accountId, shareLinks.createdBy))
    .where(eq(shareLinks.documentId, doc.id))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((r) => present(r.share, now, r.name ?? r.email ?? null));
}

/**
 * Makes a share link (issue 13 item 5): refused for a folder, for an expiry that is past or more than
 * SHARE_MAX_DAYS away, and past SHARE_LINKS_MAX active links (each one is a standing way in). The secret
 * goes back once, in the reply; the server keeps its hash, like an invitation's.
 */
export async function createShare(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: Sharer,
  input: { expires: string | null; allowDownload: boolean },
): Promise<{ share: ShareLink; url: string }> {
  const now = ctx.clock.now();
  const expiresAt = input.expires === null ? null : new Date(input.expires);
  if (expiresAt && (expiresAt <= now || expiresAt.getTime() - now.getTime() > SHARE_MAX_DAYS * DAY_MS)) {
    throw new AppError('VALIDATION_FAILED', `The expiry must be in the next ${SHARE_MAX_DAYS} days.`, {
      expires: 'Out of range.',
    });
  }
  const token = randomToken(32);
  const row = await ctx.db.transaction(async (tx) => {
    const fresh = await relock(tx, doc);
    assertAllowed(documentRules.content(fresh));
    const [active] = await tx
      .select({ n: count() })
      .from(shareLinks)
      .where(and(eq(shareLinks.documentId, doc.id), live(now)));
    if ((active?.n ?? 0) >= SHARE_LINKS_MAX) {
      throw new AppError(
        'CONFLICT',
        `A document can have at most ${SHARE_LINKS_MAX} active share links.`,
      ).because('SHARE_LIMIT_REACHED');
    }
    const [inserted] = await tx
      .insert(shareLinks)
      .values({
        organizationId: doc.organizationId,
        documentId: doc.id,
        tokenHash: sha256Hex(token),
        createdBy: actor.account.id,
        createdAt: now,
        expiresAt,
        allowDownload: input.allowDownload,
      })
      .returning();
    if (!inserted) throw new Error('share link not stored');
    await recordAudit(tx, auditOf(actor), 'document.share-created', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: { shareId: inserted.id, expires: input.expires, allowDownload: input.allowDownload },
    });
    return inserted;
  });
  const [share] = (await listShares(ctx.db, now, doc)).filter((s) => s.id === row.id);
  if (!share) throw new Error('share link not listed');
  return { share, url: `${ctx.config.publicUrl}/public/share/${token}` };
}

/** Revokes one of the document's links (again: nothing changes); another document's id answers 404. */
export async function revokeShare(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: Sharer,
  shareId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.id, shareId), eq(shareLinks.documentId, doc.id)))
      .for('update');
    if (!row) throw notFound('Share link not found.');
    if (row.revokedAt) return;
    await tx.update(shareLinks).set({ revokedAt: ctx.clock.now() }).where(eq(shareLinks.id, row.id));
    await recordAudit(tx, auditOf(actor), 'document.share-revoked', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: { shareId: row.id },
    });
  });
}

export interface OpenedShare {
  share: ShareRow;
  document: DocumentRow;
  organizationName: string;
  pdf: Rendition;
}

/**
 * What a share link shows, checked on every open: not revoked, not expired, its maker still a member who
 * may see the document (documents view and its roles), and the document still has a PDF (the signed one
 * once signed). Anything else is SHARE_LINK_ENDED, the same answer as an unknown link. Each open counts
 * and is recorded in the document's audit trail, with the address and browser it came from.
 */
export async function openShare(
  ctx: AppContext,
  token: string,
  client: AuditContext,
  purpose: 'view' | 'download',
): Promise<OpenedShare> {
  const now = ctx.clock.now();
  const [share] = await ctx.db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, sha256Hex(token)));
  if (!share || stateOf(share, now) !== 'active' || !share.createdBy) throw ended();
  if (purpose === 'download' && !share.allowDownload) throw ended();
  const membership = await loadMembership(ctx.db, share.createdBy, share.organizationId);
  if (!membership?.permissions.has(P.DOCUMENTS_VIEW)) throw ended();
  const document = await findDocument(ctx.db, share.documentId);
  if (!document || document.organizationId !== share.organizationId) throw ended();
  if (!seesDocument({ membership }, document) || documentRules.content(document)) throw ended();
  // The link's token led here (a system grant); its maker's sight of the document was checked just above.
  const shared = systemAccess('share-link', document);
  const signed = await signedPdfOf(ctx.db, shared);
  const pdf = signed ?? pdfOf(shared);
  if (!pdf) throw ended();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(shareLinks)
      .set({ opens: sql`${shareLinks.opens} + 1`, lastOpenedAt: now })
      .where(eq(shareLinks.id, share.id));
    await recordAudit(
      tx,
      client,
      purpose === 'view' ? 'document.share-opened' : 'document.share-downloaded',
      {
        organizationId: share.organizationId,
        subjectId: document.id,
        data: { shareId: share.id },
      },
    );
    // A signed document's file is also recorded in its round's audit chain, as every other download.
    if (signed) {
      const visitor = {
        kind: 'visitor' as const,
        id: share.id,
        label: null,
        ip: client.ip,
        userAgent: client.userAgent,
      };
      await recordDownload(
        ctx,
        { documentId: document.id, process: signed.process, signeeId: null, actor: visitor },
        { file: 'signed', sha256: signed.sha256, via: purpose === 'view' ? 'share' : 'share-download' },
        tx,
      );
    }
  });
  // Named as the public signing pages name a requester: a personal workspace by its owner's name.
  const { organizationName } = await requesterOf(ctx.db, {
    organizationId: share.organizationId,
    sentBy: share.createdBy,
  });
  return { share, document, organizationName: organizationName ?? '', pdf };
}
