import { OrganizationsSection } from '../features/organizations/components/OrganizationsSection';
import { ProfilePage, type ProfileSections } from '../features/profile/components/ProfilePage';

/** The profile with the page the organizations feature provides (features do not import each other). */
const SECTIONS: ProfileSections = { organizations: OrganizationsSection };

export default function Profile() {
  return <ProfilePage sections={SECTIONS} />;
}
