import { registerModal } from '../../components/modals';
import { SignOutModal } from './SignOutModal';

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    'sign-out': undefined;
  }
}

/** Registers the modals the app frame owns; features register theirs the same way. */
export function registerAppModals(): void {
  registerModal('sign-out', SignOutModal);
}
