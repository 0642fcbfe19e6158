import { describe, expect, it } from 'vitest';
import { topUpAmount, idempotencyKey } from '@sinetti/contract';
import { addMonths, allocateCharges } from '../src/commands/billing/allocate.ts';
import { levelOfSignee } from '../src/commands/billing/charge.ts';
import { isPlanPaid } from '../src/queries/billing.ts';
import { presentPriceList } from '../src/presenters/billing.ts';
import { checkCardForm, luhnValid, parseExpiry, TEST_CARDS } from '../src/services/payments/sandbox/cards.ts';

const now = new Date('2026-06-01T09:00:00Z');

describe('allocateCharges', () => {
  const item = (
    level: 'simple' | 'advanced' | 'qualified',
    priceCents: number,
    reference: string | null = null,
  ) => ({
    level,
    priceCents,
    reference,
  });

  it('spends plan credit first, then paid balance, splitting an item that spans both', () => {
    expect(allocateCharges([item('advanced', 100, 'a'), item('advanced', 100, 'b')], 150)).toEqual([
      { name: 'signature_advanced', amountCents: -100, pool: 'free', reference: 'a' },
      { name: 'signature_advanced', amountCents: -50, pool: 'free', reference: 'b' },
      { name: 'signature_advanced', amountCents: -50, pool: 'paid', reference: 'b' },
    ]);
  });

  it('charges the paid pool when there is no credit, and writes free items as 0 (not -0)', () => {
    const lines = allocateCharges([item('simple', 50), item('qualified', 0)], 0);
    expect(lines).toEqual([
      { name: 'signature_simple', amountCents: -50, pool: 'paid', reference: null },
      { name: 'signature_qualified', amountCents: 0, pool: 'paid', reference: null },
    ]);
    expect(Object.is(lines[1]?.amountCents, 0)).toBe(true);
    expect(allocateCharges([item('simple', 50)], -10)[0]?.pool).toBe('paid');
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-06-01T09:00:00Z', 1, '2026-07-01T09:00:00.000Z'],
    ['2026-01-31T12:00:00Z', 1, '2026-02-28T12:00:00.000Z'],
    ['2028-01-31T12:00:00Z', 1, '2028-02-29T12:00:00.000Z'],
    ['2026-06-01T09:00:00Z', 12, '2027-06-01T09:00:00.000Z'],
    ['2026-12-15T00:00:00Z', 1, '2027-01-15T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});

describe('isPlanPaid and levelOfSignee', () => {
  it('treats a plan without a fee as paid and a plan with one as paid until its period ends', () => {
    expect(isPlanPaid({ monthlyPriceCents: 0, yearlyPriceCents: 0 }, null, now)).toBe(true);
    expect(isPlanPaid({ monthlyPriceCents: 900, yearlyPriceCents: 9000 }, null, now)).toBe(false);
    expect(isPlanPaid({ monthlyPriceCents: 900, yearlyPriceCents: 9000 }, new Date('2026-06-02'), now)).toBe(
      true,
    );
    expect(isPlanPaid({ monthlyPriceCents: 900, yearlyPriceCents: 9000 }, now, now)).toBe(false);
  });

  it('maps signee levels 1, 10 and 20', () => {
    expect([1, 10, 20].map(levelOfSignee)).toEqual(['simple', 'advanced', 'qualified']);
    expect(() => levelOfSignee(5)).toThrow();
  });
});

describe('presentPriceList', () => {
  it('prices by level, leaves unpriced methods without a value, names {host}, cheapest first then by name', () => {
    const methods = [
      { id: 'smart-id', name: 'Smart-ID', level: 'qualified' as const, position: 1 },
      { id: 'host-email-sms', name: '{host}', level: 'simple' as const, position: 2 },
      { id: 'x-none', name: 'None', level: null, position: 3 },
    ];
    expect(presentPriceList(methods, new Map([['simple', 40]]), 'sign.example.fi')).toEqual([
      { id: 'host-email-sms', name: 'sign.example.fi', level: 'simple', value: 40 },
      { id: 'x-none', name: 'None', level: null, value: null },
      { id: 'smart-id', name: 'Smart-ID', level: 'qualified', value: null },
    ]);
  });
});

describe('sandbox card checks', () => {
  it('knows the documented test cards, all Luhn-valid', () => {
    expect(TEST_CARDS.map((c) => [c.number, c.behaviour])).toEqual([
      ['4242424242424242', 'succeed'],
      ['4000000000000002', 'decline'],
      ['4000002500003155', 'authenticate'],
    ]);
    expect(TEST_CARDS.every((c) => luhnValid(c.number))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('abc')).toBe(false);
  });

  it('reads expiry dates and refuses past ones', () => {
    expect(parseExpiry('12/30', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry(' 6 / 2026 ', now)).toEqual({ month: 6, year: 2026 });
    expect(parseExpiry('05/26', now)).toBeNull();
    expect(parseExpiry('13/30', now)).toBeNull();
    expect(parseExpiry('1230', now)).toBeNull();
  });

  it('checks the whole form', () => {
    const ok = checkCardForm({ number: '4000-0025-0000-3155', expiry: '01/27', cvc: '999' }, now);
    expect(ok).toMatchObject({ ok: true, expMonth: 1, expYear: 2027, card: { behaviour: 'authenticate' } });
    expect(checkCardForm({ number: '4111 1111 1111 1111', expiry: '01/27', cvc: '999' }, now)).toMatchObject({
      ok: false,
      field: 'number',
    });
    expect(checkCardForm({ number: '4242424242424242', expiry: '01/27', cvc: '12a' }, now)).toMatchObject({
      ok: false,
      field: 'cvc',
    });
  });
});

describe('contract schemas', () => {
  // Range and whole euros are the command's checks, with their own reasons (billing-top-up.test.ts).
  it.each([10, 11, 499, 500, 9, 501, 10.5])(
    'lets a numeric top-up of %s through to the command',
    (amount) => {
      expect(topUpAmount.safeParse(amount).success).toBe(true);
    },
  );
  it.each(['abc', '10', Number.NaN, Infinity, null])('refuses a top-up of %s', (amount) => {
    expect(topUpAmount.safeParse(amount).success).toBe(false);
  });
  it('accepts UUID-like idempotency keys and refuses short or odd ones', () => {
    expect(idempotencyKey.safeParse('3f1c2a9e-0d4b-4c5e-9f6a-1b2c3d4e5f60').success).toBe(true);
    expect(idempotencyKey.safeParse('short').success).toBe(false);
    expect(idempotencyKey.safeParse('has spaces in it').success).toBe(false);
  });
});
