import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { accountQuery, useAccount } from '../lib/account';
import { signInPathFor } from '../lib/navigation';
import { endLocalSession } from '../lib/sign-out';
import { isSignedIn, type SessionValue } from '../lib/session';
import { useSession } from '../lib/useSession';
import { PageLoader } from '../components/PageLoader';
import { routerMovedOn } from './routerState';
import { SETUP_PATHS, setupPathOfStep, type RouteAccess } from './routes';

const FIRST_SETUP_PATH = SETUP_PATHS[0] ?? '/setup/create-organization';

export type GuardDecision =
  | { kind: 'allow' }
  /** Signed-out page reached with an expired session: forget it and show the page. */
  | { kind: 'clearAndAllow' }
  | { kind: 'redirect'; to: string }
  /** Setup not complete: go to the wizard's current step (needs the account). */
  | { kind: 'setup' };

/** SPEC §2.2 for one route access rule; `target` is the requested path with its query. */
export function decideAccess(access: RouteAccess, session: SessionValue, target: string): GuardDecision {
  switch (access) {
    case 'public':
      return { kind: 'allow' };
    case 'signedOut':
      if (isSignedIn(session)) return { kind: 'redirect', to: '/' };
      return session === false ? { kind: 'clearAndAllow' } : { kind: 'allow' };
    case 'protected':
    case 'setup':
      if (session === false) return { kind: 'redirect', to: '/session-expired' };
      if (session === null) return { kind: 'redirect', to: signInPathFor(target) };
      if (access === 'protected' && session.status === 'SETUP_REQUIRED') return { kind: 'setup' };
      if (access === 'setup' && session.status !== 'SETUP_REQUIRED') return { kind: 'redirect', to: '/' };
      return { kind: 'allow' };
  }
}

/** The wizard's current step from a fresh account (or the first step when it cannot be read). */
export async function resolveSetupPath(queryClient: QueryClient): Promise<string> {
  try {
    const data = await queryClient.fetchQuery({ ...accountQuery, staleTime: 0 });
    return setupPathOfStep(data.account.wizardSteps.step);
  } catch {
    return FIRST_SETUP_PATH;
  }
}

function SetupRedirect() {
  const account = useAccount();
  if (account.data) return <Navigate to={setupPathOfStep(account.data.account.wizardSteps.step)} replace />;
  if (account.isError) return <Navigate to={FIRST_SETUP_PATH} replace />;
  return <PageLoader />;
}

/** Layout route that lets its child routes render only when the access rule allows (SPEC §2.2). */
export function Guard({ access }: { access: RouteAccess }) {
  const session = useSession();
  const { pathname, search, key } = useLocation();
  // Re-render when a navigation starts or ends.
  useNavigation();
  const queryClient = useQueryClient();
  const decision = decideAccess(access, session, pathname + search);
  const clear = decision.kind === 'clearAndAllow';

  useEffect(() => {
    if (clear) endLocalSession(queryClient);
  }, [clear, queryClient]);

  if (decision.kind === 'allow' || decision.kind === 'clearAndAllow') return <Outlet />;
  // A navigation already under way (sign-out, session expiry) decides where the user goes.
  if (routerMovedOn(key)) return <PageLoader />;
  if (decision.kind === 'setup') return <SetupRedirect />;
  return <Navigate to={decision.to} replace />;
}
