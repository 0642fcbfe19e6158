import { Outlet, ScrollRestoration } from 'react-router';
import { ModalHost } from '../components/modals/ModalHost';
import { SkipLink } from './layout/SkipLink';
import { useAccountSync } from './useAccountSync';
import { useApiErrorNavigation } from './useApiErrorNavigation';

/**
 * App-wide reactions to API errors and to the account. A component of its own, so that the account's
 * arrival and each navigation (which these hooks follow) re-render it alone, not the page below the root.
 */
function RootReactions() {
  useApiErrorNavigation();
  useAccountSync();
  return null;
}

/** The root route: the skip link, app-wide reactions to API errors and the account, the modal host. */
export function AppRoot() {
  return (
    <>
      <RootReactions />
      <SkipLink />
      <ScrollRestoration />
      <Outlet />
      <ModalHost />
    </>
  );
}
