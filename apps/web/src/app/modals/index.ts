import { lazy } from 'react';
import { registerModal } from '../../components/modals/registry';
import { registerBulkSendModals } from '../../features/bulk-send';

/** Loaded when first opened: Mantine's modal (with its scroll area and focus trap) stays off first load. */
const SignOutModal = lazy(async () => ({ default: (await import('./SignOutModal')).SignOutModal }));

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    'sign-out': undefined;
  }
}

/** Registers the modals the app frame owns; features register theirs the same way. */
export function registerAppModals(): void {
  registerModal('sign-out', SignOutModal);
  // Opened from a template's actions (documents feature), which may not import another feature.
  registerBulkSendModals();
}
