import { P, type PlacedField } from '@sinetti/contract';
import { eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentFields } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAllowed, documentRules } from '../../policies/document-rules.ts';
import { relock, type AuthorizedDocument } from '../../policies/documents.ts';
import { can } from '../../policies/index.ts';
import type { DocumentRow } from '../../queries/documents/columns.ts';
import { fieldsOf } from '../../queries/fields.ts';
import { listSignees } from '../../queries/signing/signees.ts';
import { recordAudit } from '../audit.ts';
import { currentPages } from './pdf-findings.ts';

/**
 * Fields placed on a contract's or template's pages (issue #33 item 1; docs/decisions.md "Fields on the
 * page"): saved whole, replacing the ones before, while the document is in Draft.
 */

/** Whether the caller may change the document's fields now: the same rule save asserts. */
export function fieldsEditable(actor: OrganizationActor, doc: Pick<DocumentRow, 'type' | 'state'>): boolean {
  return can(actor, P.DOCUMENTS_EDIT) && documentRules.placeFields(doc) === null;
}

/** A role as compared: roles are unique regardless of case (template-roles.ts). */
export const roleKey = (role: string) => role.toLocaleLowerCase('fi');

type Problems = Record<string, string>;
/** The pages of the PDF whose sha256 is given. */
type Counted = { pages: number; sha256: string };

/** 400 VALIDATION_FAILED naming each field's problem (`fields.N.key`), if any. */
function assertNoProblems(problems: Problems): void {
  const keys = Object.keys(problems);
  if (keys.length === 0) return;
  throw new AppError('VALIDATION_FAILED', `Some fields cannot be placed: ${keys.join(', ')}.`, problems);
}

/**
 * One id once in the body. Ids are keys within the document only ((document_id, id)), so an id another
 * document uses, of this organization or another, is saved like a fresh one: nothing tells whether it exists.
 */
function checkIds(fields: PlacedField[], problems: Problems): void {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.id)) problems[`fields.${i}.id`] = 'Each field needs an id of its own.';
    seen.add(f.id);
  });
}

/**
 * Each field for a signee of this document, or on a template for one of its roles (stored with the role's
 * own spelling), on a page of its PDF. Returns the fields as they are stored.
 */
async function checkAgainst(
  tx: DbOrTx,
  doc: DocumentRow,
  fields: PlacedField[],
  pages: number,
  problems: Problems,
): Promise<PlacedField[]> {
  const signeeIds = new Set((await listSignees(tx, doc.id)).map((s) => s.id));
  const roles = new Map((doc.type === 'template' ? (doc.signeeRoles ?? []) : []).map((r) => [roleKey(r), r]));
  return fields.map((f, i) => {
    const at = `fields.${i}`;
    if (f.page > pages) problems[`${at}.page`] = `The document has ${pages} pages.`;
    if (f.signeeId !== null && !signeeIds.has(f.signeeId)) {
      problems[`${at}.signeeId`] = 'Not a signee of this document.';
    }
    if (f.role === null) return f;
    const role = roles.get(roleKey(f.role));
    if (doc.type !== 'template') problems[`${at}.role`] = 'Only a template’s fields are for signee roles.';
    else if (!role) problems[`${at}.role`] = 'Not a signee role of this template.';
    return { ...f, role: role ?? f.role };
  });
}

/**
 * The pages of the document's current PDF, counted outside any transaction (it may read the file in a PDF
 * worker): 409 PDF_PENDING while it is being made, PDF_UNSIGNABLE when there is none or it cannot be read.
 */
async function pagesNow(ctx: AppContext, doc: DocumentRow): Promise<Counted> {
  assertAllowed(documentRules.pdf(doc));
  const counted = await currentPages(ctx, doc);
  if (!counted) {
    throw new AppError(
      'CONFLICT',
      'The PDF of this document cannot be read, so fields cannot be placed.',
    ).because('PDF_UNSIGNABLE');
  }
  return counted;
}

/**
 * Replaces the document's fields (documents edit; Draft only) and returns them in page order; concurrent
 * saves answer 200 each, the last one's list stored whole.
 */
export async function saveFields(
  ctx: AppContext,
  actor: OrganizationActor,
  authorized: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  fields: PlacedField[],
): Promise<PlacedField[]> {
  assertAllowed(documentRules.placeFields(authorized));
  const problems: Problems = {};
  checkIds(fields, problems);
  assertNoProblems(problems);
  // No fields need no PDF: clearing them works whatever state the file is in.
  const counted = fields.length > 0 ? await pagesNow(ctx, authorized) : null;
  return ctx.db.transaction(async (tx) => {
    // The document's row lock serializes this save with other saves of the document (each deletes and
    // inserts the same keys: without it, concurrent saves were a unique violation, 500) and with a send,
    // which holds it while moving the document out of Draft: the state is read after the send committed.
    const doc = await relock(tx, authorized, 'update');
    assertAllowed(documentRules.placeFields(doc));
    if (counted && doc.pdfSha256 !== counted.sha256) {
      throw new AppError(
        'CONFLICT',
        'The document’s file changed while the fields were saved. Try again.',
      ).because('EDIT_CONFLICT');
    }
    const checked = await checkAgainst(tx, doc, fields, counted?.pages ?? 0, problems);
    assertNoProblems(problems);
    await tx.delete(documentFields).where(eq(documentFields.documentId, doc.id));
    if (checked.length > 0) {
      await tx.insert(documentFields).values(
        checked.map((f, position) => ({
          ...f,
          organizationId: doc.organizationId,
          documentId: doc.id,
          position,
          createdAt: ctx.clock.now(),
        })),
      );
    }
    // As a signee added or removed: who changed what the signees will fill in, and when.
    await recordAudit(tx, auditOf(actor), 'document.fields-set', {
      organizationId: doc.organizationId,
      subjectId: doc.id,
      data: { fields: checked.length },
    });
    return fieldsOf(tx, doc.id);
  });
}

/** The last page any of the document's fields is on; null without fields. */
async function lastFieldPage(db: DbOrTx, documentId: string): Promise<number | null> {
  const [row] = await db
    .select({ page: max(documentFields.page) })
    .from(documentFields)
    .where(eq(documentFields.documentId, documentId));
  return row?.page ?? null;
}

/**
 * Before a send, outside its transaction: the pages of the PDF when the document has fields (null when it
 * has none, so a document without fields is sent as before, without counting).
 */
export async function pagesForSend(ctx: AppContext, doc: DocumentRow): Promise<Counted | null> {
  return (await lastFieldPage(ctx.db, doc.id)) === null ? null : pagesNow(ctx, doc);
}

/**
 * At send (before preparing, and again in its transaction): 409 FIELDS_OFF_PAGE when a field lies on a
 * page the PDF no longer has (a new version with fewer pages since the fields were placed);
 * CHANGED_WHILE_SENDING when fields or the file changed since `counted` was read.
 */
export async function assertFieldsOnPages(
  db: DbOrTx,
  doc: DocumentRow,
  counted: Counted | null,
): Promise<void> {
  const last = await lastFieldPage(db, doc.id);
  if (last === null) return;
  if (!counted || counted.sha256 !== doc.pdfSha256) {
    throw new AppError(
      'CONFLICT',
      'The document or its fields changed while it was being prepared for signing. Send it again.',
    ).because('CHANGED_WHILE_SENDING');
  }
  if (last > counted.pages) {
    throw new AppError(
      'CONFLICT',
      `A field is on page ${last}, but the document now has ${counted.pages} pages. Move or remove it first.`,
    ).because('FIELDS_OFF_PAGE');
  }
}
