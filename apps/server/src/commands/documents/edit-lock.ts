import { EDIT_LOCK_TTL_MS, type P } from '@sinetti/contract';
import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, documentEditLocks, persons } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import { personName } from '../../queries/person-name.ts';

const lapsedBefore = (now: Date) => new Date(now.getTime() - EDIT_LOCK_TTL_MS);

/** 409 EDIT_LOCKED naming whoever else holds a live editor lock on the document; nothing when nobody does. */
export async function assertNotLockedByOther(
  db: DbOrTx,
  documentId: string,
  accountId: string,
  now: Date,
): Promise<void> {
  const [holder] = await db
    .select({
      heartbeatAt: documentEditLocks.heartbeatAt,
      name: personName,
      email: accounts.email,
    })
    .from(documentEditLocks)
    .innerJoin(accounts, eq(accounts.id, documentEditLocks.accountId))
    .leftJoin(persons, eq(persons.accountId, documentEditLocks.accountId))
    .where(
      and(
        eq(documentEditLocks.documentId, documentId),
        ne(documentEditLocks.accountId, accountId),
        gt(documentEditLocks.heartbeatAt, lapsedBefore(now)),
      ),
    )
    .limit(1);
  if (!holder) return;
  const by = holder.name ?? holder.email;
  throw new AppError(
    'CONFLICT',
    `${by} is editing this document. Try again when they have finished.`,
  ).because('EDIT_LOCKED', {
    lockedBy: by,
    lockedUntil: new Date(holder.heartbeatAt.getTime() + EDIT_LOCK_TTL_MS).toISOString(),
  });
}

/**
 * Takes or renews the editor lock (issue 13 item 2): one statement that inserts it, renews the caller's
 * own, or takes over a lapsed one; a live lock of someone else is left alone and answered 409 EDIT_LOCKED.
 * Only an editable document can be locked (the rule of the editor itself).
 */
export async function acquireEditLock(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
): Promise<Date> {
  assertAllowed(documentRules.edit(doc));
  const now = ctx.clock.now();
  const me = actor.account.id;
  const [row] = await ctx.db
    .insert(documentEditLocks)
    .values({
      documentId: doc.id,
      organizationId: doc.organizationId,
      accountId: me,
      acquiredAt: now,
      heartbeatAt: now,
    })
    .onConflictDoUpdate({
      target: documentEditLocks.documentId,
      // A takeover starts a new lock; a renewal keeps when it was taken.
      set: {
        accountId: me,
        heartbeatAt: now,
        acquiredAt: sql`case when ${documentEditLocks.accountId} = ${me} then ${documentEditLocks.acquiredAt} else ${now} end`,
      },
      setWhere: or(
        eq(documentEditLocks.accountId, me),
        lte(documentEditLocks.heartbeatAt, lapsedBefore(now)),
      ),
    })
    .returning({ heartbeatAt: documentEditLocks.heartbeatAt });
  if (!row) {
    await assertNotLockedByOther(ctx.db, doc.id, me, now);
    // Lapsed between the two statements: the next renewal takes it.
    throw new AppError('CONFLICT', 'Someone else was editing this document. Try again.').because(
      'EDIT_LOCKED',
    );
  }
  return new Date(row.heartbeatAt.getTime() + EDIT_LOCK_TTL_MS);
}

/** Gives up the caller's own lock; someone else's stays. */
export async function releaseEditLock(
  ctx: AppContext,
  actor: OrganizationActor,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
): Promise<void> {
  await ctx.db
    .delete(documentEditLocks)
    .where(and(eq(documentEditLocks.documentId, doc.id), eq(documentEditLocks.accountId, actor.account.id)));
}
