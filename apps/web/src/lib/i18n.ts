import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sinetti/contract';
import { STORAGE_KEYS, readJson, writeJson } from './storage';
import { NAMESPACE_GROUPS, localeBackend, namespacesOf, type NamespaceGroup } from '../locales/load';

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

/**
 * `?lang=` is applied once: the language is saved (local storage now, the account when it loads) and the
 * parameter leaves the address, so that a reload, a bookmark or a shared link does not fix the language
 * again. Public signing pages keep it: their links carry the signee's language through the flow.
 */
export function takeQueryLanguage(
  location: Pick<Location, 'href'> = window.location,
  history: Pick<History, 'state' | 'replaceState'> = window.history,
): Language | null {
  const url = new URL(location.href);
  const lang = url.searchParams.get('lang');
  if (lang === null) return null;
  if (!url.pathname.startsWith('/public/')) {
    url.searchParams.delete('lang');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  queryLanguage = isLanguage(lang) ? lang : null;
  return queryLanguage;
}

/** The language a `?lang=` of this page load chose, until the account has taken it. */
let queryLanguage: Language | null = null;

export function changeLanguage(lang: Language): Promise<unknown> {
  writeJson(STORAGE_KEYS.language, lang);
  document.documentElement.lang = lang;
  return i18n.changeLanguage(lang);
}

/**
 * The account's saved language wins over local storage. A `?lang=` of this page load wins over the
 * account instead: the answer is then that language, for the caller to save on the account (once).
 */
export function applyAccountLanguage(lang: Language): Language | null {
  if (queryLanguage !== null) {
    const chosen = queryLanguage;
    queryLanguage = null;
    return chosen === lang ? null : chosen;
  }
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
writeJson(STORAGE_KEYS.language, lng);
document.documentElement.lang = lng;

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
