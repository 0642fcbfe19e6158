import type { NamespaceGroup } from '../locales/load';
import { matchPath } from './match-path.ts';

/**
 * The route table as plain data (and two path helpers without imports), so that the build (build/page-preloads.ts) can read it as well
 * as the app (routes.ts adds each page's loader). SPEC §2 names the routes.
 */

export type RouteAccess = 'public' | 'signedOut' | 'protected' | 'setup';

export interface RouteEntry {
  /** SPEC's route name. */
  name: string;
  path: string;
  access: RouteAccess;
  /** 'shell' pages sit inside the header and navigation; 'bare' pages stand alone. */
  layout: 'shell' | 'bare';
  /** The page module, under src/routes/ (loaded lazily, one chunk per page). */
  page: string;
  /**
   * A signed-out visitor's first load of this page starts STANDALONE_MODULE instead of the app (main.tsx):
   * sign-in and sign-up need a few kilobytes, not the app (issue #12 item 8).
   */
  standalone?: true;
  /**
   * Rendered by the public root (PUBLIC_BOOT_MODULE) instead of the app: React, Mantine and the signee's
   * texts, without React Router or anything of the signed-in app (issue #12 item 8). Its page module takes
   * the path's parameters as props (PublicPageProps); the app sends a visit of such a path to a page load.
   */
  root?: 'public';
  /**
   * The page's first API call, a public GET (`/api/…` with the route's `:name` parameters): the entry
   * starts it while the page's code loads (lib/early-fetch.ts). The route table test checks it against
   * the contract.
   */
  earlyCall?: string;
}

/** The props of a `root: 'public'` page module: the path's parameters, by name. */
export interface PublicPageProps {
  params: Record<string, string>;
}

export const ROUTE_TABLE: RouteEntry[] = [
  {
    name: 'SignUp',
    path: '/signup',
    access: 'signedOut',
    layout: 'bare',
    page: 'SignUp',
    standalone: true,
  },
  {
    name: 'SignIn',
    path: '/signin',
    access: 'signedOut',
    layout: 'bare',
    page: 'SignIn',
    standalone: true,
  },
  {
    name: 'SessionExpired',
    path: '/session-expired',
    access: 'signedOut',
    layout: 'bare',
    page: 'SessionExpired',
  },
  {
    name: 'GoogleUnauthorized',
    path: '/google-unauthorized',
    access: 'public',
    layout: 'bare',
    page: 'GoogleUnauthorized',
  },
  {
    name: 'Redirect',
    path: '/redirect/:type?',
    access: 'public',
    layout: 'bare',
    page: 'Redirect',
  },
  {
    name: 'Dashboard',
    path: '/',
    access: 'protected',
    layout: 'shell',
    page: 'Dashboard',
  },
  {
    name: 'SignUpCreateOrganization',
    path: '/setup/create-organization',
    access: 'setup',
    layout: 'bare',
    page: 'setup/CreateOrganization',
  },
  {
    name: 'SignUpOrganizationName',
    path: '/setup/organization-name',
    access: 'setup',
    layout: 'bare',
    page: 'setup/OrganizationName',
  },
  {
    name: 'SignUpInvites',
    path: '/setup/invites',
    access: 'setup',
    layout: 'bare',
    page: 'setup/Invites',
  },
  {
    name: 'SignUpInviteUsers',
    path: '/setup/invite-users',
    access: 'setup',
    layout: 'bare',
    page: 'setup/InviteUsers',
  },
  {
    name: 'SignUpChoosePlan',
    path: '/setup/choose-plan',
    access: 'setup',
    layout: 'bare',
    page: 'setup/ChoosePlan',
  },
  {
    name: 'SignUpConfirmPlan',
    path: '/setup/confirm-plan',
    access: 'setup',
    layout: 'bare',
    page: 'setup/ConfirmPlan',
  },
  {
    name: 'Documents',
    path: '/documents/:parent?',
    access: 'protected',
    layout: 'shell',
    page: 'Documents',
  },
  {
    name: 'Document',
    path: '/document/:document?',
    access: 'protected',
    layout: 'shell',
    page: 'Document',
  },
  {
    name: 'Profile',
    path: '/profile/:page?',
    access: 'protected',
    layout: 'shell',
    page: 'Profile',
  },
  {
    name: 'Settings',
    path: '/settings/:page?/:subPage?',
    access: 'protected',
    layout: 'shell',
    page: 'Settings',
  },
  {
    name: 'Filtered',
    path: '/filtered/:filter',
    access: 'protected',
    layout: 'shell',
    page: 'Filtered',
  },
  {
    name: 'Templates',
    path: '/templates',
    access: 'protected',
    layout: 'shell',
    page: 'Templates',
  },
  {
    name: 'Notifications',
    path: '/notifications',
    access: 'protected',
    layout: 'shell',
    page: 'Notifications',
  },
  {
    name: 'Search',
    path: '/search/:text',
    access: 'protected',
    layout: 'shell',
    page: 'Search',
  },
  {
    name: 'CardPaymentReturn',
    path: '/payment-return/:provider/:message?',
    access: 'protected',
    layout: 'bare',
    page: 'CardPaymentReturn',
  },
  {
    name: 'DocumentEditor',
    path: '/edit/:document',
    access: 'protected',
    layout: 'bare',
    page: 'DocumentEditor',
  },
  {
    name: 'SigningStart',
    path: '/public/sign/:signee',
    access: 'public',
    layout: 'bare',
    page: 'SigningStart',
    root: 'public',
    earlyCall: '/api/signing/status/signee/:signee',
  },
  {
    // Where an eID provider or a QTSP sends the signee back (issue #29); before SigningResult's pattern.
    name: 'SigningReturn',
    path: '/public/signing/return',
    access: 'public',
    layout: 'bare',
    page: 'SigningReturn',
    root: 'public',
  },
  {
    name: 'SigningResult',
    path: '/public/signing/:result/:document',
    access: 'public',
    layout: 'bare',
    page: 'SigningResult',
    root: 'public',
  },
  {
    name: 'Verify',
    path: '/verify',
    access: 'public',
    layout: 'bare',
    page: 'Verify',
  },
  {
    name: 'SigningComplete',
    path: '/public/signed/:signee',
    access: 'public',
    layout: 'bare',
    page: 'SigningComplete',
    root: 'public',
    earlyCall: '/api/signing/status/signee/:signee',
  },
  {
    name: 'SigningSession',
    path: '/public/session/:sessionToken',
    access: 'public',
    layout: 'bare',
    page: 'SigningSession',
    root: 'public',
    earlyCall: '/api/signing/session/:sessionToken',
  },
  {
    name: 'SharedDocument',
    path: '/public/share/:token',
    access: 'public',
    layout: 'bare',
    page: 'SharedDocument',
    root: 'public',
    earlyCall: '/api/public/share/:token',
  },
  {
    name: 'NotFound',
    path: '/page-not-found',
    access: 'public',
    layout: 'bare',
    page: 'NotFound',
  },
];

/** The signed-in app shows its own texts and the signing ones (signees on the document page). */
export const SIGNED_IN_TEXTS: NamespaceGroup[] = ['app', 'signing'];

/** The texts of the public root's pages besides `core` (app/public/public-boot.tsx loads them at start). */
export const PUBLIC_ROOT_TEXTS: NamespaceGroup[] = ['signee'];

/**
 * The texts a page needs besides `core`: none for sign-in and sign-up, the signee's for the public root's
 * pages, the signing group for the verification page, the signed-in app's for the rest, and the settings
 * pages also the integrations' (API keys, webhooks, embedding), which no other page shows, and the
 * document page the fields' (placing fields on its pages); the editor's page only the signed-in app's.
 */
export function textsOf(route: Pick<RouteEntry, 'access' | 'path' | 'root'>): NamespaceGroup[] {
  if (route.access === 'signedOut') return [];
  if (route.root === 'public') return PUBLIC_ROOT_TEXTS;
  if (route.access === 'public' && route.path === '/verify') return ['signing'];
  if (route.path.startsWith('/settings')) return [...SIGNED_IN_TEXTS, 'integrations'];
  // Placing fields on the pages (features/fields): its card shows on the document page, its editor with it.
  if (route.path.startsWith('/document/')) return [...SIGNED_IN_TEXTS, 'fields'];
  // The editor's page shows no signees or signing: the signing group (5 KB gzip) stays off its first load.
  if (route.path.startsWith('/edit/')) return ['app'];
  return SIGNED_IN_TEXTS;
}

/** The module of the signed-in frame around 'shell' pages (loaded with the first of them). */
export const SHELL_LAYOUT_MODULE = 'src/app/layout/ShellLayout.tsx';

/** What main.tsx starts, instead of the app, for a signed-out visitor of a `standalone` page. */
export const STANDALONE_MODULE = 'src/features/auth/standalone/page.ts';

/** What main.tsx starts, instead of the app, for a `root: 'public'` page. */
export const PUBLIC_BOOT_MODULE = 'src/app/public/public-boot.tsx';

/** The `root: 'public'` route that shows `pathname`, with its parameters. */
export function publicRouteOf(
  pathname: string,
): { route: RouteEntry; params: Record<string, string> } | null {
  for (const route of ROUTE_TABLE) {
    if (route.root !== 'public') continue;
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Whether a path is a `standalone` page (their paths have no parameters). */
export function isStandalonePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return ROUTE_TABLE.some((route) => route.standalone && route.path === path);
}
