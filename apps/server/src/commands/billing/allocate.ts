import type { SignatureLevel, SigningMethodId, TransactionName } from '@sinetti/contract';

export interface PricedItem {
  level: SignatureLevel;
  /** Named in the ledger as `signature_{method}` when given, else `signature_{level}`. */
  method?: SigningMethodId | undefined;
  reference: string | null;
  priceCents: number;
}

export interface LedgerLine {
  name: TransactionName;
  amountCents: number;
  pool: 'free' | 'paid';
  reference: string | null;
}

/**
 * Splits signature charges over the two pools: plan credit first (`spendableFree`, zero while the plan
 * is unpaid), then paid balance. An item that spans both pools becomes two lines. The caller has
 * already checked that the total fits.
 */
export function allocateCharges(items: readonly PricedItem[], spendableFree: number): LedgerLine[] {
  let free = Math.max(0, spendableFree);
  const lines: LedgerLine[] = [];
  for (const item of items) {
    const name: TransactionName = `signature_${item.method ?? item.level}`;
    const fromFree = Math.min(free, item.priceCents);
    const fromPaid = item.priceCents - fromFree;
    free -= fromFree;
    if (fromFree > 0) lines.push({ name, amountCents: -fromFree, pool: 'free', reference: item.reference });
    if (fromPaid > 0 || fromFree === 0) {
      lines.push({
        name,
        amountCents: fromPaid === 0 ? 0 : -fromPaid,
        pool: 'paid',
        reference: item.reference,
      });
    }
  }
  return lines;
}

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
