import { showError } from '../../../components/toast';
import { errorText } from '../../../lib/errors';

/**
 * A failed action as a toast: SPEC §8's sentence ("Invitation could not be sent", "User could not be
 * removed", …) as the title over the server's reason in the user's language, or the sentence alone.
 */
export function toastFailure(error: unknown, sentence: string): void {
  const detail = errorText(error, sentence);
  if (detail === sentence) showError(sentence);
  else showError(detail, sentence);
}
