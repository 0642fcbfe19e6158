import { SignInPanel } from '../features/auth/components/SignInPanel';

export default function SignIn() {
  return <SignInPanel variant="signIn" />;
}
