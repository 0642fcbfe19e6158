import { lazy } from 'react';
import { registerModal } from '../../components/modals';

/** Makes the bulk send dialog openable by name; its code and texts load when it first opens. */
export function registerBulkSendModals(): void {
  registerModal(
    'bulk-send',
    lazy(async () => ({ default: (await import('./components/BulkSendModal')).BulkSendModal })),
  );
}
