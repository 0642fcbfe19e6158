import type { OrganizationSummary } from '@sinetti/contract';
import { registerModal } from '../../components/modals';
import type { CreatedOrganization } from './api/organizations';
import { CreateCompleteModal } from './modals/CreateCompleteModal';
import { CreateModal } from './modals/CreateModal';
import { InvitesModal, type InviteLinkProblem } from './modals/InvitesModal';
import { LeaveModal } from './modals/LeaveModal';

declare module '../../components/modals/registry' {
  interface ModalPropsMap {
    'organization-invites': { linkProblem?: InviteLinkProblem } | undefined;
    'organization-create': undefined;
    'organization-create-complete': CreatedOrganization;
    'organization-leave': { organization: OrganizationSummary };
  }
}

/** The organizations feature's modals (SPEC §2.7). */
export function registerOrganizationModals(): void {
  registerModal('organization-invites', InvitesModal);
  registerModal('organization-create', CreateModal);
  registerModal('organization-create-complete', CreateCompleteModal);
  registerModal('organization-leave', LeaveModal);
}
