import {
  CURRENCY,
  SIGNING_EXPIRY_DEFAULT_DAYS,
  SIGNING_EXPIRY_MAX_DAYS,
  addDays,
  helsinkiDay,
  type P,
  type SigningMethodId,
} from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import { levelOfSignee } from '../../commands/billing/charge.ts';
import { toLevel } from '../../commands/signing/common.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import type { OrganizationRow } from '../../policies/membership.ts';
import { loadBillingState, signaturePricesOf } from '../billing.ts';
import { methodNames } from './methods.ts';
import { listSignees } from './signees.ts';

/** The expiry days a send may choose, from the Helsinki day of `now`: tomorrow up to the maximum. */
export function expiryDays(now: Date): { minOn: string; maxOn: string; defaultOn: string } {
  const today = helsinkiDay(now);
  return {
    minOn: addDays(today, 1),
    maxOn: addDays(today, SIGNING_EXPIRY_MAX_DAYS),
    defaultOn: addDays(today, SIGNING_EXPIRY_DEFAULT_DAYS),
  };
}

/**
 * What sending the document would cost now, priced exactly as chargeBalance prices it (the plan's
 * signature price per level; the spendable balance is plan credit while paid plus paid balance). The
 * balance, and whether it covers the total, are shown only to whom may see it (`showBalance`); others get
 * the costs only.
 */
export async function quoteSending(
  db: DbOrTx,
  doc: AuthorizedDocument<typeof P.DOCUMENTS_EDIT>,
  organization: OrganizationRow,
  showBalance: boolean,
  now: Date,
  publicUrl: string,
) {
  const list = await listSignees(db, doc.id);
  const state = await loadBillingState(db, organization, now);
  const prices = await signaturePricesOf(db, state.plan.plan);
  const names = await methodNames(db, publicUrl);
  const signees = list.map((s) => ({
    id: s.id,
    email: s.email,
    level: toLevel(s.level),
    method: s.method as SigningMethodId,
    methodName: names.get(s.method) ?? s.method,
    priceCents: prices.get(levelOfSignee(s.level)) ?? 0,
  }));
  const totalCents = signees.reduce((sum, s) => sum + s.priceCents, 0);
  const spendable = (state.paid ? state.free : 0) + state.paidBalance;
  return {
    currency: CURRENCY,
    signees,
    totalCents,
    balanceCents: showBalance ? state.balance : null,
    balanceAfterCents: showBalance ? state.balance - totalCents : null,
    enough: showBalance ? totalCents <= spendable : null,
    expiry: expiryDays(now),
  };
}
