import type { Language } from '@sinetti/contract';
import { changeLanguage } from './i18n';
import { isLanguage } from './language';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

/** The language the visitor picked on a public page's switch, if they ever did (issue #31 item 2). */
export function pickedPublicLanguage(): Language | null {
  const picked = readJson<string>(STORAGE_KEYS.publicLanguage);
  return isLanguage(picked) ? picked : null;
}

/**
 * The visitor picks the public pages' language: kept in local storage for their next visits, written into
 * the address's `lang` parameter when it has one (the signing pages carry it through the flow), and shown
 * at once (texts and the `lang` attribute of <html>).
 */
export function pickPublicLanguage(lang: Language): Promise<unknown> {
  writeJson(STORAGE_KEYS.publicLanguage, lang);
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', lang);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return changeLanguage(lang);
}
