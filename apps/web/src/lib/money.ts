import { CURRENCY, type Language } from '@sinetti/contract';
import { currentLanguage } from './i18n';

export interface MoneyOptions {
  currency?: string;
  lang?: Language;
  /** Adds a plus sign to positive amounts (ledger rows). */
  signed?: boolean;
}

/** Euro cents as money, written the language's way: en "€25.00", fi "25,00 €". */
export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  const { currency = CURRENCY, lang = currentLanguage(), signed = false } = options;
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(cents / 100);
}
