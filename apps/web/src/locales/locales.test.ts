import { describe, expect, it } from 'vitest';
import { resources } from './index';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`${ns}: Finnish has every English text and no extra ones`, () => {
      expect(keys(resources.fi[ns]).sort()).toEqual(keys(resources.en[ns]).sort());
    });
    it(`${ns}: no text is empty`, () => {
      const flat = (o: unknown): string[] =>
        typeof o === 'string' ? [o] : Object.values(o as object).flatMap((v) => flat(v));
      expect(flat(resources.en[ns]).filter((s) => s.trim() === '')).toEqual([]);
      expect(flat(resources.fi[ns]).filter((s) => s.trim() === '')).toEqual([]);
    });
  }
});
