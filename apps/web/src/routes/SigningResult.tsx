import { useParams } from 'react-router';
import { PublicLayout, SigningResultPage } from '../features/signing/public';

/** SigningResult (SPEC §2.1): /public/signing/{result}/{document}. */
export default function SigningResult() {
  const { result = '', document = '' } = useParams();
  return (
    <PublicLayout source={{ documentId: document }}>
      <SigningResultPage result={result} />
    </PublicLayout>
  );
}
