import { useParams } from 'react-router';
import { PublicLayout, SigningSessionPage } from '../features/signing/public';

/** The built-in signing page: /public/session/{sessionToken} (the start call's signingUrl). */
export default function SigningSession() {
  const { sessionToken = '' } = useParams();
  return (
    <PublicLayout key={sessionToken} source={{ sessionToken }}>
      <SigningSessionPage sessionToken={sessionToken} />
    </PublicLayout>
  );
}
