import type { PublicPageProps } from '../app/route-table';
import { PublicLayout } from '../features/signing/public/PublicLayout';
import { SigningCompletePage } from '../features/signing/public/SigningCompletePage';

/** SigningComplete (SPEC §2.1): /public/signed/{signee}, the completion e-mail's token. */
export default function SigningComplete({ params }: PublicPageProps) {
  const signee = params.signee ?? '';
  return (
    <PublicLayout source={{ token: signee }}>
      <SigningCompletePage token={signee} />
    </PublicLayout>
  );
}
