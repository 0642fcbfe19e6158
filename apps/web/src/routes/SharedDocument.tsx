import type { PublicPageProps } from '../app/route-table';
import { SharedDocumentPage } from '../features/signing/public/SharedDocumentPage';

/** A share link (issue 13 item 5): /public/share/{token}, a read-only view of one document's PDF. */
export default function SharedDocument({ params }: PublicPageProps) {
  return <SharedDocumentPage token={params.token ?? ''} />;
}
