import { VerifyPage } from '../features/verify/VerifyPage';

/** Verify: /verify, the public verification page (issue 11 item 5). */
export default function Verify() {
  return <VerifyPage />;
}
