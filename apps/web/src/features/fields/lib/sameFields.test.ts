import { describe, expect, it } from 'vitest';
import type { PlacedField } from '@sinetti/contract';
import { sameFields } from './useFieldsDraft';

const field = (id: string, x = 0.1): PlacedField => ({
  id,
  kind: 'text',
  page: 1,
  x,
  y: 0.2,
  width: 0.2,
  height: 0.05,
  signeeId: '00000000-0000-4000-8000-000000000001',
  role: null,
  required: true,
  label: '',
});

describe('sameFields (whether the draft is unsaved)', () => {
  const a = field('00000000-0000-4000-8000-00000000000a');
  const b = field('00000000-0000-4000-8000-00000000000b', 0.5);

  it('is the same list in another order: the save answers in page order, the draft is in placing order', () => {
    expect(sameFields([a, b], [b, a])).toBe(true);
    expect(sameFields([a, b], [{ ...b }, { ...a }])).toBe(true);
  });

  it('differs when a field moved, went or another came', () => {
    expect(sameFields([a, b], [a, { ...b, x: 0.6 }])).toBe(false);
    expect(sameFields([a, b], [a])).toBe(false);
    expect(sameFields([a, b], [a, field('00000000-0000-4000-8000-00000000000c', 0.5)])).toBe(false);
  });
});
