import { describe, expect, it } from 'vitest';
import { isValidTopUp, parseAmount } from './amount';

describe('top-up amount (SPEC §5)', () => {
  it('reads numbers and turns anything else into 0', () => {
    expect(parseAmount('25')).toBe(25);
    expect(parseAmount(' 500 ')).toBe(500);
    expect(parseAmount('10,5')).toBe(10.5);
    expect(parseAmount('abc')).toBe(0);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('1e2')).toBe(0);
    expect(parseAmount('0x20')).toBe(0);
    expect(parseAmount('12abc')).toBe(0);
  });

  it('accepts whole numbers from 10 to 500 only', () => {
    expect(isValidTopUp(10)).toBe(true);
    expect(isValidTopUp(500)).toBe(true);
    expect(isValidTopUp(9)).toBe(false);
    expect(isValidTopUp(501)).toBe(false);
    expect(isValidTopUp(10.5)).toBe(false);
    expect(isValidTopUp(0)).toBe(false);
  });
});
