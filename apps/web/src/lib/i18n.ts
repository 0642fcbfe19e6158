import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sinetti/contract';
import { STORAGE_KEYS, readJson, writeJson } from './storage';
import { resources } from '../locales';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * SPEC §1: a `lang` query parameter at start, otherwise the account setting (applied when the account
 * loads, see applyAccountLanguage), otherwise local storage, otherwise en.
 */
export function initialLanguage(search = window.location.search): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  const stored = readJson<string>(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** True when the language was fixed by the URL at start: the account setting does not override it. */
export const languageFromQuery = isLanguage(new URLSearchParams(window.location.search).get('lang'));

export function changeLanguage(lang: Language): Promise<unknown> {
  writeJson(STORAGE_KEYS.language, lang);
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

/** The account's saved language wins over local storage, but not over a lang query parameter. */
export function applyAccountLanguage(lang: Language): void {
  if (!languageFromQuery && i18n.language !== lang) void changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

const lng = initialLanguage();
void i18n.use(initReactI18next).init({
  resources,
  lng,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnNull: false,
});
writeJson(STORAGE_KEYS.language, lng);
document.documentElement.lang = lng;

export default i18n;
