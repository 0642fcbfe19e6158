import { InviteUsersStep } from '../../features/setup/components/InviteUsersStep';

export default function InviteUsers() {
  return <InviteUsersStep />;
}
