import {
  type Language,
  SIGNEE_MESSAGES,
  SIGNEES_MAX,
  type P,
  type SigneeLevel,
  type SigningMethodId,
} from '@sinetti/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signees } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { listSignees, type SigneeRow } from '../../queries/signing/signees.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { recordAudit } from '../audit.ts';

export interface SigneeInput {
  givenName: string;
  familyName: string;
  email: string;
  level?: SigneeLevel | undefined;
  method?: SigningMethodId | undefined;
  /** Absent: the sender's interface language (issue #31 item 2). */
  language?: Language | undefined;
  /** Signing order (issue #33 item 3): the signee's group; absent: 1. */
  group?: number | undefined;
}

/**
 * The level and method a new signee gets: the method's own level when a method is given (a different level
 * given with it is refused), the level's first offered method when only a level is, and SPEC's default level
 * (10 when an eID provider serves it) with its first method when neither is. 400 for what is not offered.
 */
export function levelAndMethod(
  providers: SigningProviders,
  input: Pick<SigneeInput, 'level' | 'method'>,
): { level: SigneeLevel; method: SigningMethodId } {
  if (input.method !== undefined) {
    const offered = providers.method(input.method);
    if (!offered || (input.level !== undefined && input.level !== offered.level)) {
      throw new AppError(
        'VALIDATION_FAILED',
        offered ? 'This signing method signs at another level.' : 'This signing method is not offered here.',
        { method: offered ? `The method signs at level ${offered.level}.` : 'Not offered.' },
      ).because('METHOD_NOT_OFFERED');
    }
    return { level: offered.level, method: offered.id };
  }
  const level = input.level ?? providers.defaultLevel();
  const method = providers.serves(level) ? providers.defaultMethod(level) : undefined;
  if (!method) {
    throw new AppError('VALIDATION_FAILED', 'No signing provider of this service serves that level.', {
      level: `Available levels: ${providers.levels().join(', ')}.`,
    });
  }
  return { level, method };
}

/** Adds a signee at the end of the list, at the level and with the method of `levelAndMethod`. */
export async function addSignee(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  input: SigneeInput,
): Promise<SigneeRow> {
  return ctx.db.transaction(async (tx) => {
    const doc = await relock(tx, authorized);
    assertAllowed(documentRules.editSignees(doc));
    const { level, method } = levelAndMethod(providers, input);
    const existing = await listSignees(tx, doc.id);
    if (existing.some((s) => s.email === input.email)) {
      throw new AppError('VALIDATION_FAILED', SIGNEE_MESSAGES.alreadyAdded, {
        email: SIGNEE_MESSAGES.alreadyAdded,
      }).because('SIGNEE_ALREADY_ADDED');
    }
    if (existing.length >= SIGNEES_MAX) {
      throw new AppError('CONFLICT', `A document can have at most ${SIGNEES_MAX} signees.`).because(
        'TOO_MANY_SIGNEES',
      );
    }
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(signees)
      .values({
        organizationId: doc.organizationId,
        documentId: doc.id,
        givenName: input.givenName,
        familyName: input.familyName,
        email: input.email,
        level,
        method,
        language: input.language ?? actor.account.language,
        position: Math.max(0, ...existing.map((s) => s.position)) + 1,
        signingGroup: input.group ?? 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The signee was not stored.');
    await recordAudit(tx, auditOf(actor), 'signee.added', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: {
        signeeId: row.id,
        email: row.email,
        level,
        method,
        language: row.language,
        ...(row.signingGroup === 1 ? {} : { group: row.signingGroup }),
      },
    });
    return row;
  });
}

/** Removes a signee of the authorized document (409 once the document was sent). */
export async function removeSignee(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  signee: Pick<SigneeRow, 'id' | 'email' | 'documentId'>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const doc = await relock(tx, authorized);
    assertAllowed(documentRules.editSignees(doc));
    const [gone] = await tx
      .delete(signees)
      .where(and(eq(signees.id, signee.id), eq(signees.documentId, doc.id)))
      .returning({ id: signees.id });
    if (!gone) throw new AppError('NOT_FOUND', 'Not found.');
    await recordAudit(tx, auditOf(actor), 'signee.removed', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: { signeeId: signee.id, email: signee.email },
    });
  });
}

/**
 * Gives documents made from templates (or copied) the signees of their sources: `copies` maps a source
 * document id to its new copy's id. Called by convert-template in its transaction.
 */
export async function copySignees(tx: DbOrTx, copies: ReadonlyMap<string, string>, now: Date): Promise<void> {
  if (copies.size === 0) return;
  const sources = await tx
    .select()
    .from(signees)
    .where(inArray(signees.documentId, [...copies.keys()]));
  const rows = sources.flatMap((s) => {
    const documentId = copies.get(s.documentId);
    if (!documentId) return [];
    const { organizationId, givenName, familyName, email, level, method, language, position, signingGroup } =
      s;
    return [
      {
        organizationId,
        documentId,
        givenName,
        familyName,
        email,
        level,
        method,
        language,
        position,
        signingGroup,
        createdAt: now,
        updatedAt: now,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(signees).values(rows.slice(i, i + 500));
}
