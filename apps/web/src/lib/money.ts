import { CURRENCY, type Language } from '@sinetti/contract';
import { currentLanguage } from './i18n';

export interface MoneyOptions {
  currency?: string;
  lang?: Language;
  /** Adds a plus sign to positive amounts (ledger rows). */
  signed?: boolean;
}

/** One formatter per language, currency and sign: making one costs a phone a millisecond or more. */
const formats = new Map<string, Intl.NumberFormat>();

/** Euro cents as money, written the language's way: en "€25.00", fi "25,00 €". */
export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  const { currency = CURRENCY, lang = currentLanguage(), signed = false } = options;
  const key = `${lang} ${currency} ${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}
