/**
 * The Helsinki wall clock (SPEC §1) without `Intl`: the first `Intl.DateTimeFormat` on a page costs a
 * browser 20–30 ms of locale data, on the signing page's first render (issue #12 item 8). Europe/Helsinki
 * is UTC+2, and UTC+3 in EU summer time: from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
 * last Sunday of October (the EU rule since 1996). helsinki-time.test.ts compares it with `Intl` across
 * 1996–2060 (every hour near the changes), so a change of the rule in the time zone data fails that test.
 */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
}

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (0-based). */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Hours Helsinki is ahead of UTC at an instant. */
export function helsinkiOffsetHours(ms: number): 2 | 3 {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayAt1Utc(year, 2) && ms < lastSundayAt1Utc(year, 9) ? 3 : 2;
}

/** An instant's date and time on the Helsinki wall clock. */
export function helsinkiWallClock(ms: number): WallClock {
  const wall = new Date(ms + helsinkiOffsetHours(ms) * HOUR_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}
