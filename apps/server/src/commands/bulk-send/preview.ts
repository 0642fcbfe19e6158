import { BULK_PREVIEW_LIST_MAX, CURRENCY, P, type BulkPreview, type BulkPreviewRow } from '@sinetti/contract';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import { can } from '../../policies/index.ts';
import { loadBillingState, signaturePricesOf } from '../../queries/billing.ts';
import { listSignees } from '../../queries/signing/signees.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { levelOfSignee } from '../billing/charge.ts';
import { templateFields } from '../documents/template-fields.ts';
import { levelAndMethod } from '../signing/signees.ts';
import { checkBulkCsv, type BulkCsvResult } from './csv-rows.ts';

export interface BulkCheck extends BulkCsvResult {
  preview: BulkPreview;
}

/**
 * The preview of a bulk send (issue #33 item 4): the CSV checked against the template, and what the valid
 * rows would cost, priced as the send quote and chargeBalance price them (the plan's signature price per
 * level; the template's own signees at theirs, each role's person at the default level as Use template
 * adds them), with the balance shown only to whom may see it. Nothing is created.
 */
export async function checkBulkSend(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  template: AuthorizedDocument<typeof P.DOCUMENTS_VIEW>,
  csv: string,
): Promise<BulkCheck> {
  if (template.type !== 'template') {
    throw new AppError('CONFLICT', 'Only a template can be bulk sent.').because('NOT_A_TEMPLATE');
  }
  const roles = template.signeeRoles ?? [];
  const [fields, own] = await Promise.all([templateFields(ctx, template), listSignees(ctx.db, template.id)]);
  const checked = checkBulkCsv(csv, {
    templateName: template.name,
    roles,
    fields,
    templateEmails: own.map((s) => s.email),
  });
  const now = ctx.clock.now();
  const organization = actor.membership.organization;
  const state = await loadBillingState(ctx.db, organization, now);
  const prices = await signaturePricesOf(ctx.db, state.plan.plan);
  const price = (level: number) => prices.get(levelOfSignee(level)) ?? 0;
  const roleLevel = levelAndMethod(providers, {}).level;
  const perDocumentCents = own.reduce((sum, s) => sum + price(s.level), 0) + roles.length * price(roleLevel);
  const valid = checked.fileProblems.length === 0 ? checked.rows.filter((r) => ok(r)).length : 0;
  const totalCents = valid * perDocumentCents;
  const showBalance = can(actor, P.ORG_VIEW_BALANCE);
  const spendable = (state.paid ? state.free : 0) + state.paidBalance;
  return {
    ...checked,
    preview: {
      roles,
      fields: fields.map((f) => f.name),
      fileProblems: checked.fileProblems.slice(0, BULK_PREVIEW_LIST_MAX),
      fileProblemCount: checked.fileProblems.length,
      rows: listedRows(checked.rows),
      rowCount: checked.rows.length,
      validRows: valid,
      currency: CURRENCY,
      perDocumentCents,
      totalCents,
      balanceCents: showBalance ? state.balance : null,
      balanceAfterCents: showBalance ? state.balance - totalCents : null,
      enough: showBalance ? totalCents <= spendable : null,
      // Every signee of a document is counted against the limit at its send (send.ts reserveMailQuota).
      emailCount: valid * (own.length + roles.length),
      emailLimitPerHour: ctx.config.mail.limits.perOrganization,
    },
  };
}

/** A row without problems. */
export const ok = (row: { problems: Record<string, unknown> }) => Object.keys(row.problems).length === 0;

/** The rows the preview lists: at most BULK_PREVIEW_LIST_MAX, those with problems first (each in file order). */
function listedRows(rows: BulkPreviewRow[]): BulkPreviewRow[] {
  const bad = rows.filter((r) => !ok(r)).slice(0, BULK_PREVIEW_LIST_MAX);
  const good = rows.filter((r) => ok(r)).slice(0, BULK_PREVIEW_LIST_MAX - bad.length);
  return [...bad, ...good];
}
