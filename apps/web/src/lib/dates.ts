import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/fi';
import { DEFAULT_TIMEZONE, RELATIVE_DATES_REFRESH_MS, type Language } from '@sinetti/contract';
import { currentLanguage } from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/** Date and time in the Helsinki time zone (SPEC §1), written the way the language writes it. */
export function formatDateTime(iso: string, lang: Language = currentLanguage()): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  return date.tz(DEFAULT_TIMEZONE).locale(lang).format('L LT');
}

/**
 * "3 minutes ago" / "3 minuuttia sitten", relative to `now` (ms since epoch). A time a little ahead of
 * `now` (the server's clock runs ahead of the browser's, or an edit just came back) reads as "a few
 * seconds ago", never "in a few seconds": the lists only show past events.
 */
export function formatRelative(
  iso: string,
  now: number = Date.now(),
  lang: Language = currentLanguage(),
): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  const past = date.valueOf() > now ? dayjs(now) : date;
  return past.locale(lang).from(dayjs(now));
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
