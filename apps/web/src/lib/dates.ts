import { useEffect, useState } from 'react';
import { RELATIVE_DATES_REFRESH_MS, type Language } from '@sinetti/contract';
import { helsinkiWallClock } from './helsinki-time';
import { currentLanguage } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Date and time in the Helsinki time zone (SPEC §1), one form per language on every page, public ones
 * included: en "15 Jan 2025, 14:00" (day first, month named, 24-hour: a Helsinki time never reads as a
 * US date, issue #31 item 3), fi "15.01.2025 14.00". Without a date library or `Intl`, because the
 * public signing pages show times and load light (issue #12 item 8); relative times are in
 * relative-dates.ts.
 */
export function formatDateTime(iso: string, lang: Language = currentLanguage()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const { year, month, day, hour, minute } = helsinkiWallClock(time);
  if (lang === 'fi') return `${pad(day)}.${pad(month)}.${year} ${pad(hour)}.${pad(minute)}`;
  return `${day} ${MONTHS_EN[month - 1]} ${year}, ${pad(hour)}:${pad(minute)}`;
}

/** The current time, refreshed every `intervalMs` (relative dates refresh every 15 s, SPEC §2.3). */
export function useNow(intervalMs: number = RELATIVE_DATES_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
