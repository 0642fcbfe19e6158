import { DEFAULT_TIMEZONE } from './constants.ts';

/** A calendar day, `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIMEZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Helsinki calendar day of an instant. */
export function helsinkiDay(at: Date): string {
  return dayFormat.format(at);
}

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIMEZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Helsinki wall-clock hour of an instant, 0–23. */
export function helsinkiHour(at: Date): number {
  return Number(hourFormat.format(at));
}

/** The day `days` calendar days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How far Helsinki wall-clock time is ahead of UTC at an instant (2 or 3 hours). */
function offsetMs(at: number): number {
  const part = (type: string) =>
    Number(partsFormat.formatToParts(new Date(at)).find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a Helsinki calendar day ends: midnight at the start of the next day, Helsinki time. */
export function endOfHelsinkiDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + 1);
  // Midnight is never inside a daylight-saving gap in Helsinki (changes are at 03:00/04:00 local).
  const first = wall - offsetMs(wall);
  return new Date(wall - offsetMs(first));
}
