import type { ComponentType } from 'react';

/**
 * Who may open a route (SPEC §2.1, §2.2):
 * - public: anyone;
 * - signedOut: only signed-out visitors (signed-in users go to /);
 * - protected: a session is needed (else /signin?redirect=base64(target)); SETUP_REQUIRED goes to setup;
 * - setup: the setup wizard, only while setup is not complete.
 */
export type RouteAccess = 'public' | 'signedOut' | 'protected' | 'setup';

export interface AppRoute {
  /** SPEC's route name. */
  name: string;
  path: string;
  access: RouteAccess;
  /** 'shell' pages sit inside the header and navigation; 'bare' pages stand alone. */
  layout: 'shell' | 'bare';
  load: () => Promise<{ default: ComponentType }>;
}

export const ROUTES: AppRoute[] = [
  {
    name: 'SignUp',
    path: '/signup',
    access: 'signedOut',
    layout: 'bare',
    load: () => import('../routes/SignUp'),
  },
  {
    name: 'SignIn',
    path: '/signin',
    access: 'signedOut',
    layout: 'bare',
    load: () => import('../routes/SignIn'),
  },
  {
    name: 'SessionExpired',
    path: '/session-expired',
    access: 'signedOut',
    layout: 'bare',
    load: () => import('../routes/SessionExpired'),
  },
  {
    name: 'GoogleUnauthorized',
    path: '/google-unauthorized',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/GoogleUnauthorized'),
  },
  {
    name: 'Redirect',
    path: '/redirect/:type?',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/Redirect'),
  },
  {
    name: 'Dashboard',
    path: '/',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Dashboard'),
  },
  {
    name: 'SignUpCreateOrganization',
    path: '/setup/create-organization',
    access: 'setup',
    layout: 'bare',
    load: () => import('../routes/setup/CreateOrganization'),
  },
  {
    name: 'SignUpOrganizationName',
    path: '/setup/organization-name',
    access: 'setup',
    layout: 'bare',
    load: () => import('../routes/setup/OrganizationName'),
  },
  {
    name: 'SignUpInvites',
    path: '/setup/invites',
    access: 'setup',
    layout: 'bare',
    load: () => import('../routes/setup/Invites'),
  },
  {
    name: 'SignUpInviteUsers',
    path: '/setup/invite-users',
    access: 'setup',
    layout: 'bare',
    load: () => import('../routes/setup/InviteUsers'),
  },
  {
    name: 'SignUpChoosePlan',
    path: '/setup/choose-plan',
    access: 'setup',
    layout: 'bare',
    load: () => import('../routes/setup/ChoosePlan'),
  },
  {
    name: 'SignUpConfirmPlan',
    path: '/setup/confirm-plan',
    access: 'setup',
    layout: 'bare',
    load: () => import('../routes/setup/ConfirmPlan'),
  },
  {
    name: 'Documents',
    path: '/documents/:parent?',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Documents'),
  },
  {
    name: 'Document',
    path: '/document/:document?',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Document'),
  },
  {
    name: 'Profile',
    path: '/profile/:page?',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Profile'),
  },
  {
    name: 'Settings',
    path: '/settings/:page?/:subPage?',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Settings'),
  },
  {
    name: 'Filtered',
    path: '/filtered/:filter',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Filtered'),
  },
  {
    name: 'Templates',
    path: '/templates',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Templates'),
  },
  {
    name: 'Notifications',
    path: '/notifications',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Notifications'),
  },
  {
    name: 'Search',
    path: '/search/:text',
    access: 'protected',
    layout: 'shell',
    load: () => import('../routes/Search'),
  },
  {
    name: 'CardPaymentReturn',
    path: '/payment-return/:provider/:message?',
    access: 'protected',
    layout: 'bare',
    load: () => import('../routes/CardPaymentReturn'),
  },
  {
    name: 'SigningStart',
    path: '/public/sign/:signee',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/SigningStart'),
  },
  {
    name: 'SigningResult',
    path: '/public/signing/:result/:document',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/SigningResult'),
  },
  {
    name: 'Verify',
    path: '/verify',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/Verify'),
  },
  {
    name: 'SigningComplete',
    path: '/public/signed/:signee',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/SigningComplete'),
  },
  {
    name: 'SigningSession',
    path: '/public/session/:sessionToken',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/SigningSession'),
  },
  {
    name: 'SharedDocument',
    path: '/public/share/:token',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/SharedDocument'),
  },
  {
    name: 'NotFound',
    path: '/page-not-found',
    access: 'public',
    layout: 'bare',
    load: () => import('../routes/NotFound'),
  },
];

/** The six setup steps in order (SPEC §2.6); index + 1 is the server's step number. */
export const SETUP_PATHS = ROUTES.filter((r) => r.access === 'setup').map((r) => r.path);

export function setupPathOfStep(step: number): string {
  return SETUP_PATHS[Math.min(Math.max(step, 1), SETUP_PATHS.length) - 1] ?? '/setup/create-organization';
}

/** base64 of a UTF-8 path, for the redirect and back query parameters (SPEC §2.2). */
export function encodePathParam(path: string): string {
  return btoa(String.fromCodePoint(...new TextEncoder().encode(path)));
}

/** Decodes a base64 path; anything that is not an app path (starting with one '/') gives null. */
export function decodePathParam(value: string | null): string | null {
  if (!value) return null;
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.codePointAt(0) ?? 0);
    const path = new TextDecoder().decode(bytes);
    return path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
