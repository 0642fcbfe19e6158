import { Outlet, ScrollRestoration } from 'react-router';
import { ModalHost } from '../components/modals/ModalHost';
import { SkipLink } from './layout/SkipLink';
import { useAccountSync } from './useAccountSync';
import { useApiErrorNavigation } from './useApiErrorNavigation';

/** The root route: the skip link, app-wide reactions to API errors and the account, the modal host. */
export function AppRoot() {
  useApiErrorNavigation();
  useAccountSync();
  return (
    <>
      <SkipLink />
      <ScrollRestoration />
      <Outlet />
      <ModalHost />
    </>
  );
}
