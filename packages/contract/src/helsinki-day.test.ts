import { describe, expect, it } from 'vitest';
import { endOfHelsinkiDay, helsinkiDay, helsinkiHour } from './helsinki-day.ts';

describe('Helsinki days and hours', () => {
  it('read an instant on the Helsinki wall clock, summer (UTC+3) and winter (UTC+2)', () => {
    expect(helsinkiDay(new Date('2026-06-01T21:30:00Z'))).toBe('2026-06-02');
    expect(helsinkiHour(new Date('2026-06-01T21:30:00Z'))).toBe(0);
    expect(helsinkiHour(new Date('2026-06-01T05:00:00Z'))).toBe(8);
    expect(helsinkiHour(new Date('2026-11-26T06:00:00Z'))).toBe(8);
    expect(helsinkiDay(new Date('2026-11-26T21:59:59Z'))).toBe('2026-11-26');
  });

  it('end a day at the next Helsinki midnight', () => {
    expect(endOfHelsinkiDay('2026-06-01').toISOString()).toBe('2026-06-01T21:00:00.000Z');
    expect(endOfHelsinkiDay('2026-11-26').toISOString()).toBe('2026-11-26T22:00:00.000Z');
  });
});
