import { lazy } from 'react';
// The registry itself, not the modals' index: that also exports AppModal, whose stylesheet import keeps it
// (and with it Mantine's Modal, focus trap and floating-ui, ~28 KB gzip) in the app's first load, since the
// app frame registers this dialog at start.
import { registerModal } from '../../components/modals/registry';
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
