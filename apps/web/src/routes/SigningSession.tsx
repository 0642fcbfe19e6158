import { useParams } from 'react-router';
import { SigningSessionPage } from '../features/signing/public';

/** The built-in signing page: /public/session/{sessionToken} (the start call's signingUrl). */
export default function SigningSession() {
  const { sessionToken = '' } = useParams();
  return <SigningSessionPage key={sessionToken} sessionToken={sessionToken} />;
}
