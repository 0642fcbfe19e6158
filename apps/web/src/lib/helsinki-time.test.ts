import { DEFAULT_TIMEZONE } from '@sinetti/contract';
import { describe, expect, it } from 'vitest';
import { helsinkiWallClock } from './helsinki-time';

const reference = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIMEZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});
function fromIntl(ms: number) {
  const parts = Object.fromEntries(reference.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

describe('helsinkiWallClock', () => {
  it('agrees with the time zone data in 1996–2060', () => {
    const wrong: string[] = [];
    const check = (at: number) => {
      const mine = helsinkiWallClock(at);
      const theirs = fromIntl(at);
      const same = (Object.keys(theirs) as (keyof typeof theirs)[]).every((k) => mine[k] === theirs[k]);
      if (!same && wrong.length < 5) wrong.push(`${new Date(at).toISOString()}: ${JSON.stringify(mine)}`);
    };
    for (let year = 1996; year <= 2060; year++) {
      // Every 7 hours of the year (each hour of the day in turn), and every hour, with the minute
      // before it, in the weeks around the two changes.
      for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += 7 * 3_600_000) check(at);
      for (const month of [2, 9]) {
        for (let at = Date.UTC(year, month, 20); at < Date.UTC(year, month + 1, 3); at += 3_600_000) {
          check(at - 60_000);
          check(at);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('changes at 01:00 UTC on the last Sundays of March and October', () => {
    expect(helsinkiWallClock(Date.parse('2026-03-29T00:59:00Z'))).toMatchObject({ hour: 2, minute: 59 });
    expect(helsinkiWallClock(Date.parse('2026-03-29T01:00:00Z'))).toMatchObject({ hour: 4, minute: 0 });
    expect(helsinkiWallClock(Date.parse('2026-10-25T00:59:00Z'))).toMatchObject({ hour: 3, minute: 59 });
    expect(helsinkiWallClock(Date.parse('2026-10-25T01:00:00Z'))).toMatchObject({ hour: 3, minute: 0 });
  });
});
