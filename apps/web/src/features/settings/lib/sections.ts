import { P, type PermissionId } from '@sinetti/contract';

/** Organization settings pages (SPEC §2.1 Settings, §2.5), in menu order. */
export const SETTINGS_PAGES = [
  'information',
  'users',
  'permissions',
  'api-keys',
  'webhooks',
  'embedding',
  'billing',
  'pricing',
] as const;
export type SettingsPageName = (typeof SETTINGS_PAGES)[number];
export const DEFAULT_SETTINGS_PAGE: SettingsPageName = 'information';

/** Sub-pages a page has: permissions/edit adds or edits a role (SPEC §2.1). */
const SUB_PAGES: Partial<Record<SettingsPageName, readonly string[]>> = { permissions: ['edit'] };

export function isSettingsPage(value: string | undefined): value is SettingsPageName {
  return (SETTINGS_PAGES as readonly string[]).includes(value ?? '');
}

export function isSubPageOf(page: SettingsPageName, subPage: string): boolean {
  return SUB_PAGES[page]?.includes(subPage) ?? false;
}

/** Translation keys (settings namespace) of each page's menu label and heading. */
export const SETTINGS_PAGE_LABEL = {
  information: 'menu.information',
  users: 'menu.users',
  permissions: 'menu.permissions',
  'api-keys': 'menu.apiKeys',
  webhooks: 'menu.webhooks',
  embedding: 'menu.embedding',
  billing: 'menu.billing',
  pricing: 'menu.pricing',
} as const satisfies Record<SettingsPageName, string>;

interface Rule {
  permission?: PermissionId;
  ownerOnly?: boolean;
  /** Hidden in a personal workspace (it has no other users and no roles to manage). */
  notPersonal?: boolean;
}

/** SPEC §6 effects on the settings pages. */
const RULES: Record<SettingsPageName, Rule> = {
  information: { permission: P.ORG_VIEW_DETAILS },
  users: { permission: P.ORG_VIEW_USERS, notPersonal: true },
  permissions: { permission: P.ORG_VIEW_ROLES, notPersonal: true },
  // The server's rule for managing API keys (docs/decisions.md "API keys").
  'api-keys': { permission: P.ORG_EDIT_DETAILS },
  // The server's rule for managing webhooks: the owner only, as an endpoint gets every document's events
  // (docs/decisions.md "Webhooks").
  webhooks: { ownerOnly: true },
  // The server's rule for the embedding origins, the same (docs/decisions.md "Embedded signing").
  embedding: { permission: P.ORG_EDIT_DETAILS },
  billing: { ownerOnly: true },
  pricing: {},
};

export interface SettingsViewer {
  can: (permission: PermissionId) => boolean;
  isOwner: boolean;
  isPersonal: boolean;
}

/** open; personal: not offered in a personal workspace; owner / denied: the viewer lacks what it needs. */
export type PageAccess = 'open' | 'personal' | 'owner' | 'denied';

export function accessTo(page: SettingsPageName, viewer: SettingsViewer): PageAccess {
  const rule = RULES[page];
  if (rule.notPersonal && viewer.isPersonal) return 'personal';
  if (rule.ownerOnly && !viewer.isOwner) return 'owner';
  if (rule.permission !== undefined && !viewer.can(rule.permission)) return 'denied';
  return 'open';
}

/** The pages the viewer may open, in menu order. */
export function visiblePages(viewer: SettingsViewer): SettingsPageName[] {
  return SETTINGS_PAGES.filter((page) => accessTo(page, viewer) === 'open');
}
