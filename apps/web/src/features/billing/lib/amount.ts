import { TOP_UP_MAX, TOP_UP_MIN } from '@sinetti/contract';

const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * The amount typed in the top-up field (SPEC §5): anything that is not a number counts as 0. A
 * fraction stays a fraction, so that it is refused rather than silently rounded.
 */
export function parseAmount(text: string): number {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed.replace(',', '.')) : 0;
}

/** A top-up is a whole number of euros from 10 to 500. */
export function isValidTopUp(amount: number): boolean {
  return Number.isInteger(amount) && amount >= TOP_UP_MIN && amount <= TOP_UP_MAX;
}
