import { ProfilePage } from '../features/profile/components/ProfilePage';

export default function Profile() {
  return <ProfilePage />;
}
