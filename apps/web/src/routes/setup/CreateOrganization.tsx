import { CreateOrganizationStep } from '../../features/setup/components/CreateOrganizationStep';

export default function CreateOrganization() {
  return <CreateOrganizationStep />;
}
