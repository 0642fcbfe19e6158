/** The profile's pages (SPEC §2.1 Profile, §2.5 Profile settings sections), in menu order. */
export const PROFILE_PAGES = ['language-and-region', 'organizations', 'notifications', 'sessions'] as const;
export type ProfilePage = (typeof PROFILE_PAGES)[number];
export const DEFAULT_PROFILE_PAGE: ProfilePage = 'language-and-region';

export function isProfilePage(value: string | undefined): value is ProfilePage {
  return (PROFILE_PAGES as readonly string[]).includes(value ?? '');
}

/** Translation key of each page's menu label and heading. */
export const PAGE_LABEL = {
  'language-and-region': 'menu.languageAndRegion',
  organizations: 'menu.organizations',
  notifications: 'menu.notifications',
  sessions: 'menu.sessions',
} as const satisfies Record<ProfilePage, string>;

/** A region code's name in the given language, e.g. "United States (US)". */
export function regionLabel(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
