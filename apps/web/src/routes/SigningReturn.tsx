import { PublicLayout } from '../features/signing/public/PublicLayout';
import { SigningReturnPage } from '../features/signing/public/SigningReturnPage';

/**
 * SigningReturn (issue #29): /public/signing/return?state=…&code=… (or error=…), where an eID provider or a
 * QTSP sends the signee back. The header names nothing: the session is known only once the answer is read.
 */
export default function SigningReturn() {
  return (
    <PublicLayout source={{ documentId: '' }}>
      <SigningReturnPage search={window.location.search} />
    </PublicLayout>
  );
}
