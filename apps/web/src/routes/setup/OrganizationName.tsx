import { OrganizationNameStep } from '../../features/setup/components/OrganizationNameStep';

export default function OrganizationName() {
  return <OrganizationNameStep />;
}
