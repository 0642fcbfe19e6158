import { Encodings, Font, FontNames } from '@cantoo/pdf-lib/standard-fonts';

/**
 * Text for the standard 14 fonts (WinAnsiEncoding, ISO 32000-1 Annex D): Finnish and most Western
 * European letters are in it; anything else becomes its base letter (ő → o) or "?" instead of failing.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 9 || cp === 10 || cp === 13) out += ' ';
    else if (cp < 32 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out +=
        [...base].every((c) => Encodings.WinAnsi.canEncodeUnicodeCodePoint(c.codePointAt(0)!)) && base
          ? base
          : '?';
    }
  }
  return out;
}

export type StandardFont = 'Helvetica' | 'Helvetica-Bold';
const fonts: Record<StandardFont, Font> = {
  Helvetica: Font.load(FontNames.Helvetica),
  'Helvetica-Bold': Font.load(FontNames.HelveticaBold),
};

/** Width in points of (already WinAnsi-safe) text, from the font's AFM metrics. */
export function textWidth(text: string, font: StandardFont, size: number): number {
  let units = 0;
  for (const ch of text) {
    const { name } = Encodings.WinAnsi.encodeUnicodeCodePoint(ch.codePointAt(0)!);
    units += fonts[font].getWidthOfGlyph(name) ?? 500;
  }
  return (units * size) / 1000;
}

/** Shortens text with an ellipsis so that it fits `maxWidth`. */
export function fitText(text: string, font: StandardFont, size: number, maxWidth: number): string {
  const safe = toWinAnsi(text);
  if (textWidth(safe, font, size) <= maxWidth) return safe;
  const chars = [...safe];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, font, size) > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}

/** A literal string operand for a content stream: WinAnsi bytes, escaped, plain ASCII. */
export function contentString(text: string): string {
  let out = '(';
  for (const ch of toWinAnsi(text)) {
    const code = Encodings.WinAnsi.encodeUnicodeCodePoint(ch.codePointAt(0)!).code;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 32 || code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out})`;
}

/** A PDF text string (§7.9.2.2) as bytes: UTF-16BE with a byte order mark, so any name survives. */
export function textStringBytes(text: string): Uint8Array {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]);
}

/** A PDF date (§7.9.4) in UTC, e.g. D:20260601090000Z. */
export function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 19).replace(/[-T:]/g, '')}Z`;
}

const HELSINKI = 'Europe/Helsinki';

/** The date and wall-clock time in Helsinki, as parts (two-digit fields, the offset as "GMT+03:00"). */
function helsinkiParts(date: Date): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: HELSINKI,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** The day in Helsinki as the signature page writes it: "2026-06-01" or "1.6.2026". */
export function formatHelsinkiDate(date: Date, lang: 'en' | 'fi'): string {
  const parts = helsinkiParts(date);
  return lang === 'fi'
    ? `${Number(parts.day)}.${Number(parts.month)}.${parts.year}`
    : `${parts.year}-${parts.month}-${parts.day}`;
}

/** Wall-clock time in Helsinki with its UTC offset, e.g. "2026-06-01 12:00:00 UTC+03:00" or "1.6.2026 klo 12.00.00 (UTC+3)". */
export function formatHelsinki(date: Date, lang: 'en' | 'fi'): string {
  const parts = helsinkiParts(date);
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  const day = formatHelsinkiDate(date, lang);
  if (lang === 'fi') {
    const shortOffset = offset.replace(/^([+-])0?(\d+):00$/, '$1$2');
    return `${day} klo ${parts.hour}.${parts.minute}.${parts.second} (UTC${shortOffset})`;
  }
  return `${day} ${parts.hour}:${parts.minute}:${parts.second} UTC${offset}`;
}

/** Time in UTC, e.g. "2026-06-01 09:00:00 UTC". */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
