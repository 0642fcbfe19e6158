import { useParams } from 'react-router';
import { PublicLayout, SigningStartPage } from '../features/signing/public';

/** SigningStart (SPEC §2.1): /public/sign/{signee}, the signee's link token. */
export default function SigningStart() {
  const { signee = '' } = useParams();
  return (
    <PublicLayout key={signee} source={{ token: signee }}>
      <SigningStartPage token={signee} />
    </PublicLayout>
  );
}
