import { useNavigate } from 'react-router';
import { SetupInvitations } from '../../features/organizations/components/SetupInvitations';
import { CreateOrganizationStep } from '../../features/setup/components/CreateOrganizationStep';

/** Step 1 of the wizard; an invited colleague may join instead, which finishes setup (issue #31 item 1). */
export default function CreateOrganization() {
  const navigate = useNavigate();
  return (
    <CreateOrganizationStep
      invitations={<SetupInvitations onJoined={() => navigate('/', { replace: true })} />}
    />
  );
}
