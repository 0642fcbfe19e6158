import { showError } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';

/** A toast with SPEC §8's text ("Role could not be …"), under the reason's own text when the server gave one. */
export function reportFailure(error: unknown, what: string): void {
  if (error instanceof ApiError && error.reason) showError(errorText(error), what);
  else showError(what);
}
