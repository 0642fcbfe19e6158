import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes euros as Intl does, in both languages, signed or not', () => {
    const amounts = [0, 1, 5, 99, 100, 500, 1250, 99_999, 100_000, 123_456_789, 100_000_000_000];
    for (const lang of ['en', 'fi'] as const) {
      for (const signed of [false, true]) {
        const intl = new Intl.NumberFormat(lang, {
          style: 'currency',
          currency: 'EUR',
          signDisplay: signed ? 'exceptZero' : 'auto',
        });
        for (const cents of amounts.flatMap((a) => (a === 0 ? [0] : [a, -a]))) {
          expect(formatMoney(cents, { lang, signed }), `${lang} ${signed} ${cents}`).toBe(
            intl.format(cents / 100),
          );
        }
      }
    }
  });

  it('examples', () => {
    expect(formatMoney(123_450, { lang: 'en' })).toBe('€1,234.50');
    expect(formatMoney(-123_450, { lang: 'fi' })).toBe('\u22121\u00a0234,50\u00a0€');
    expect(formatMoney(500, { lang: 'en', signed: true })).toBe('+€5.00');
  });

  it('other currencies through Intl', () => {
    expect(formatMoney(2500, { lang: 'en', currency: 'USD' })).toBe('$25.00');
  });
});
