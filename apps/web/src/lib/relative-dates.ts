import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/fi';
import type { Language } from '@sinetti/contract';
import { currentLanguage } from './i18n';

dayjs.extend(relativeTime);

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
