import { lazy } from 'react';
import { registerModal } from '../../components/modals';
import { loadTexts } from '../../lib/i18n';

/** Makes the bulk send dialog openable by name; its code and its texts (`bulk`) load together when it first opens. */
export function registerBulkSendModals(): void {
  registerModal(
    'bulk-send',
    lazy(async () => {
      const [module] = await Promise.all([import('./components/BulkSendModal'), loadTexts(['bulk'])]);
      return { default: module.BulkSendModal };
    }),
  );
}
