/** Local storage keys, in one place (SPEC §1: session id, language and guide progress persist). */
export const STORAGE_KEYS = {
  session: 'sinetti.session',
  language: 'sinetti.language',
  /** The language a visitor picked with the public pages' switch (it then beats the signee's). */
  publicLanguage: 'sinetti.publicLanguage',
  selectedOrganization: 'sinetti.selectedOrganization',
  guide: 'sinetti.guide',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the app keeps working for this tab */
  }
}

export function clearAllStorage(): void {
  try {
    localStorage.clear();
  } catch {
    /* ignore */
  }
}
