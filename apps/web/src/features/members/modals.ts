import { registerModal } from '../../components/modals';
import { ConfirmRemoveModal, ConfirmTransferModal, ConfirmUninviteModal } from './components/ConfirmModals';
import { InviteModal } from './components/InviteModal';

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    /** Invites an address (SPEC §2.7); `known` are the addresses already users or invited. */
    'user-invite': { organization: string; known: (string | null)[] };
    /** Removes a member (SPEC §2.7). */
    'user-remove': { accountId: string; name: string; organization: string };
    /** Cancels a pending invite: its label and e-mail (null when the viewer may not see it). */
    'user-invite-cancel': { inviteId: string; email: string | null };
    /** Makes a member the owner (the owner only); names the member. */
    'owner-transfer': { accountId: string; name: string; organization: string };
  }
}

/** Makes the Users page's modals openable by name. */
export function registerMembersModals(): void {
  registerModal('user-invite', InviteModal);
  registerModal('user-remove', ConfirmRemoveModal);
  registerModal('user-invite-cancel', ConfirmUninviteModal);
  registerModal('owner-transfer', ConfirmTransferModal);
}
