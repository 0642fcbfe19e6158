import { SignInPanel } from '../features/auth/components/SignInPanel';

export default function SignUp() {
  return <SignInPanel variant="signUp" />;
}
