import type { PublicPageProps } from '../app/route-table';
import { PublicLayout } from '../features/signing/public/PublicLayout';
import { SigningSessionPage } from '../features/signing/public/SigningSessionPage';

/** The built-in signing page: /public/session/{sessionToken} (the start call's signingUrl). */
export default function SigningSession({ params }: PublicPageProps) {
  const sessionToken = params.sessionToken ?? '';
  return (
    <PublicLayout source={{ sessionToken }}>
      <SigningSessionPage sessionToken={sessionToken} />
    </PublicLayout>
  );
}
