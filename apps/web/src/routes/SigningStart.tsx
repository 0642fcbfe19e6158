import { useParams } from 'react-router';
import { SigningStartPage } from '../features/signing/public';

/** SigningStart (SPEC §2.1): /public/sign/{signee}, the signee's link token. */
export default function SigningStart() {
  const { signee = '' } = useParams();
  return <SigningStartPage key={signee} token={signee} />;
}
