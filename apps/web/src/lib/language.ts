import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sinetti/contract';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

// The interface language as the browser keeps it, without i18next: the sign-in page that loads without
// the app (features/auth/standalone) reads and saves it here too, and lib/i18n.ts builds on it.

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

/** Takes the language a `?lang=` of this page load chose (once): the account then saves it. */
export function takeChosenQueryLanguage(): Language | null {
  const chosen = queryLanguage;
  queryLanguage = null;
  return chosen;
}

/** Keeps the language for the next visits and tells the page (its `lang` attribute). */
export function saveLanguage(lang: Language): void {
  writeJson(STORAGE_KEYS.language, lang);
  document.documentElement.lang = lang;
}
