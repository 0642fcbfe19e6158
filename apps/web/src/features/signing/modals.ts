import type { Signee } from '@sinetti/contract';
import { registerModal } from '../../components/modals';
import { CancelModal } from './components/CancelModal';
import { SendModal } from './components/SendModal';
import { LowBalanceModal, SendCompleteModal } from './components/SendOutcomeModals';
import { SignModal } from './components/SignModal';

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    'document-send': { documentId: string; signees: readonly Signee[]; onSent?: () => void };
    'document-send-complete': undefined;
    /** Cents; null when the reply did not say. */
    'document-send-low-balance': { balance: number | null; required: number | null } | undefined;
    'document-cancel': { documentId: string; onCancelled?: () => void };
    'document-sign': { link: string };
  }
}

/** Makes the signing modals openable by name (SPEC §2.7). */
export function registerSigningModals(): void {
  registerModal('document-send', SendModal);
  registerModal('document-send-complete', SendCompleteModal);
  registerModal('document-send-low-balance', LowBalanceModal);
  registerModal('document-cancel', CancelModal);
  registerModal('document-sign', SignModal);
}
