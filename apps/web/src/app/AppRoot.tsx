import { Outlet, ScrollRestoration } from 'react-router';
import { ModalHost } from '../components/modals';
import { useAccountSync } from './useAccountSync';
import { useApiErrorNavigation } from './useApiErrorNavigation';

/** The root route: app-wide reactions to API errors and the account, the modal host. */
export function AppRoot() {
  useApiErrorNavigation();
  useAccountSync();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ModalHost />
    </>
  );
}
