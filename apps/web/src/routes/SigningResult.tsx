import { useParams } from 'react-router';
import { SigningResultPage } from '../features/signing/public';

/** SigningResult (SPEC §2.1): /public/signing/{result}/{document}. */
export default function SigningResult() {
  const { result = '' } = useParams();
  return <SigningResultPage result={result} />;
}
