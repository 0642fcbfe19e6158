import { useEffect, useState } from 'react';
import { DEFAULT_TIMEZONE, RELATIVE_DATES_REFRESH_MS, type Language } from '@sinetti/contract';
import { currentLanguage } from './i18n';

/**
 * How each language writes a date and time: en "01/15/2025 2:00 PM", fi "15.01.2025 14.00" (the common
 * numeric forms). Written with the browser's Intl, without a date library, because the public signing
 * pages show times and load light (issue #12 item 8); relative times are in relative-dates.ts.
 */
const OPTIONS: Record<Language, [string, Intl.DateTimeFormatOptions]> = {
  en: ['en-US', { hour: 'numeric', hourCycle: 'h12' }],
  fi: ['fi-FI', { hour: '2-digit', hourCycle: 'h23' }],
};
/** Made on first use: the first Intl formatter on a page costs tens of milliseconds (locale data loads). */
const formats = new Map<Language, Intl.DateTimeFormat>();
function formatOf(lang: Language): Intl.DateTimeFormat {
  let format = formats.get(lang);
  if (!format) {
    const [locale, options] = OPTIONS[lang];
    format = new Intl.DateTimeFormat(locale, {
      timeZone: DEFAULT_TIMEZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      minute: '2-digit',
      ...options,
    });
    formats.set(lang, format);
  }
  return format;
}

/** Date and time in the Helsinki time zone (SPEC §1), written the way the language writes it. */
export function formatDateTime(iso: string, lang: Language = currentLanguage()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatOf(lang).formatToParts(time)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, dayPeriod } = parts;
  return lang === 'fi'
    ? `${day}.${month}.${year} ${hour}.${minute}`
    : `${month}/${day}/${year} ${hour}:${minute} ${dayPeriod?.toUpperCase()}`;
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
