import { useParams } from 'react-router';
import { SigningCompletePage } from '../features/signing/public';

/** SigningComplete (SPEC §2.1): /public/signed/{signee}, the completion e-mail's token. */
export default function SigningComplete() {
  const { signee = '' } = useParams();
  return <SigningCompletePage key={signee} token={signee} />;
}
