import { SignInReturn } from '../features/auth/components/SignInReturn';

export default function Redirect() {
  return <SignInReturn />;
}
