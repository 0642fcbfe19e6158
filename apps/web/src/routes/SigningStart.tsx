import type { PublicPageProps } from '../app/route-table';
import { PublicLayout } from '../features/signing/public/PublicLayout';
import { SigningStartPage } from '../features/signing/public/SigningStartPage';

/** SigningStart (SPEC §2.1): /public/sign/{signee}, the signee's link token. */
export default function SigningStart({ params }: PublicPageProps) {
  const signee = params.signee ?? '';
  return (
    <PublicLayout source={{ token: signee }}>
      <SigningStartPage token={signee} />
    </PublicLayout>
  );
}
