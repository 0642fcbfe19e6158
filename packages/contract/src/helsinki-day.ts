import { helsinkiOffsetHours, helsinkiWallClock } from './helsinki-time.ts';

/** A calendar day, `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The Helsinki calendar day of an instant. */
export function helsinkiDay(at: Date): string {
  const { year, month, day } = helsinkiWallClock(at.getTime());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Helsinki wall-clock hour of an instant, 0–23. */
export function helsinkiHour(at: Date): number {
  return helsinkiWallClock(at.getTime()).hour;
}

/** The day `days` calendar days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How far Helsinki wall-clock time is ahead of UTC at an instant (2 or 3 hours). */
function offsetMs(at: number): number {
  return helsinkiOffsetHours(at) * 3_600_000;
}

/** The instant a Helsinki calendar day ends: midnight at the start of the next day, Helsinki time. */
export function endOfHelsinkiDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + 1);
  // Midnight is never inside a daylight-saving gap in Helsinki (changes are at 03:00/04:00 local).
  const first = wall - offsetMs(wall);
  return new Date(wall - offsetMs(first));
}
