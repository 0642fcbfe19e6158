/** The sandbox's documented test cards and the checks of its card form (pure functions). */

export type CardBehaviour = 'succeed' | 'decline' | 'authenticate';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    behaviour: 'succeed',
    description: 'Saved; every charge succeeds.',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'decline',
    description: 'Saved; every charge is declined.',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    behaviour: 'authenticate',
    description: 'Needs an extra confirmation step when saved; then charges succeed.',
  },
];

/** 4242424242424242 → "4242 4242 4242 4242". */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardCheck =
  | { ok: true; card: TestCard; expMonth: number; expYear: number }
  | { ok: false; field: keyof CardForm; message: string };

/** Reads "MM/YY", "MM / YY" or "MM/YYYY"; the card must not have expired. */
export function parseExpiry(value: string, now: Date): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime() ? { month, year } : null;
}

/** Checks the sandbox form: a valid card number that is one of the test cards, a future expiry, a CVC. */
export function checkCardForm(form: CardForm, now: Date): CardCheck {
  const digits = form.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { ok: false, field: 'number', message: 'Enter a valid card number.' };
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!card) {
    return {
      ok: false,
      field: 'number',
      message: 'TEST MODE accepts only the test cards listed on this page. Never enter a real card.',
    };
  }
  const expiry = parseExpiry(form.expiry, now);
  if (!expiry) return { ok: false, field: 'expiry', message: 'Enter a future expiry date as MM/YY.' };
  if (!/^\d{3,4}$/.test(form.cvc.trim()))
    return { ok: false, field: 'cvc', message: 'Enter a 3 or 4 digit CVC.' };
  return { ok: true, card, expMonth: expiry.month, expYear: expiry.year };
}
