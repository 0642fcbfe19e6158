import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@sinetti/contract';

export { initialLanguage, isLanguage, takeQueryLanguage } from './language';
import {
  initialLanguage,
  isLanguage,
  saveLanguage,
  takeChosenQueryLanguage,
  takeQueryLanguage,
} from './language';
import { NAMESPACE_GROUPS, localeBackend, namespacesOf, type NamespaceGroup } from '../locales/load';

export function changeLanguage(lang: Language): Promise<unknown> {
  saveLanguage(lang);
  return i18n.changeLanguage(lang);
}

/**
 * The account's saved language wins over local storage. A `?lang=` of this page load wins over the
 * account instead: the answer is then that language, for the caller to save on the account (once).
 */
export function applyAccountLanguage(lang: Language): Language | null {
  const chosen = takeChosenQueryLanguage();
  if (chosen !== null) return chosen === lang ? null : chosen;
  if (i18n.language !== lang) void changeLanguage(lang);
  return null;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

const lng = initialLanguage();
takeQueryLanguage();
/**
 * Resolves once the start language's texts have loaded (the app renders after it). Only that language's
 * chunk is fetched (and English, the fallback); changeLanguage loads another before switching to it.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    // The rest is loaded per route (loadTexts), before the route renders.
    ns: [...NAMESPACE_GROUPS.core],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
saveLanguage(lng);

/**
 * Loads groups of texts (beyond `core`) in the current language and its fallback: routes call it while
 * their code loads, so a page renders with its texts (issue 12 item 8: /signin fetches only `core`).
 */
export async function loadTexts(groups: readonly NamespaceGroup[]): Promise<void> {
  if (groups.length === 0) return;
  await i18nReady;
  await i18n.loadNamespaces(namespacesOf(groups));
}

export default i18n;
