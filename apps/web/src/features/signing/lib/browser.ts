import type { Language } from '@sinetti/contract';

/** Leaving the app for a signing URL; an object so that tests can replace it. */
export const signingBrowser = {
  goTo(url: string): void {
    window.location.assign(url);
  },
};

/** The browser's language as one the app speaks (SPEC §4.2: the start link takes it). */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? []): Language {
  const first = languages[0] ?? navigator.language ?? 'en';
  return first.toLowerCase().startsWith('fi') ? 'fi' : 'en';
}

/** `url` with `lang` set in its query. */
export function withLang(url: string, lang: Language): string {
  const u = new URL(url, window.location.origin);
  u.searchParams.set('lang', lang);
  return u.origin === window.location.origin ? u.pathname + u.search + u.hash : u.toString();
}
