import { CURRENCY, type Language } from '@sinetti/contract';
import { currentLanguage } from './i18n';

export interface MoneyOptions {
  currency?: string;
  lang?: Language;
  /** Adds a plus sign to positive amounts (ledger rows). */
  signed?: boolean;
}

/** How each language writes euros (money.test.ts checks them against Intl's): en "-€1,234.50", fi "−1 234,50 €". */
const EURO_STYLE: Record<Language, { group: string; decimal: string; minus: string; euroFirst: boolean }> = {
  en: { group: ',', decimal: '.', minus: '-', euroFirst: true },
  fi: { group: '\u00a0', decimal: ',', minus: '\u2212', euroFirst: false },
};

/**
 * Euros without `Intl`: the dashboard's balance was the page's first `Intl.NumberFormat`, whose locale
 * data cost its first render 10–30 ms on this machine (issue #12 item 8), as the first date format did.
 */
function formatEuros(cents: number, lang: Language, signed: boolean): string {
  const style = EURO_STYLE[lang];
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const amount = `${whole}${style.decimal}${String(abs % 100).padStart(2, '0')}`;
  const sign = abs === 0 ? '' : cents < 0 ? style.minus : signed ? '+' : '';
  return style.euroFirst ? `${sign}€${amount}` : `${sign}${amount}\u00a0€`;
}

/** One formatter per language, currency and sign, for currencies other than the euro. */
const formats = new Map<string, Intl.NumberFormat>();

/** Cents as money, written the language's way: en "€25.00", fi "25,00 €". */
export function formatMoney(cents: number, options: MoneyOptions = {}): string {
  const { currency = CURRENCY, lang = currentLanguage(), signed = false } = options;
  if (currency === 'EUR') return formatEuros(cents, lang, signed);
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
