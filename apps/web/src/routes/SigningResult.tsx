import type { PublicPageProps } from '../app/route-table';
import { PublicLayout } from '../features/signing/public/PublicLayout';
import { SigningResultPage } from '../features/signing/public/SigningResultPage';

/** SigningResult (SPEC §2.1): /public/signing/{result}/{document}. */
export default function SigningResult({ params }: PublicPageProps) {
  return (
    <PublicLayout source={{ documentId: params.document ?? '' }}>
      <SigningResultPage result={params.result ?? ''} />
    </PublicLayout>
  );
}
