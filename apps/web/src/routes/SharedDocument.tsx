import { useParams } from 'react-router';
import { SharedDocumentPage } from '../features/signing/public';

/** A share link (issue 13 item 5): /public/share/{token}, a read-only view of one document's PDF. */
export default function SharedDocument() {
  const { token = '' } = useParams();
  return <SharedDocumentPage key={token} token={token} />;
}
