import { useParams } from 'react-router';
import { PublicLayout, SigningCompletePage } from '../features/signing/public';

/** SigningComplete (SPEC §2.1): /public/signed/{signee}, the completion e-mail's token. */
export default function SigningComplete() {
  const { signee = '' } = useParams();
  return (
    <PublicLayout key={signee} source={{ token: signee }}>
      <SigningCompletePage token={signee} />
    </PublicLayout>
  );
}
