import { useCallback } from 'react';
import { useModals } from '../../../components/modals';
import { ApiError } from '../../../lib/api';

/** Codes the app itself reacts to (sign-in, setup, session expiry): no document dialog for these. */
const APP_CODES = new Set([
  'UNAUTHORIZED_ACCESS',
  'SESSION_INVALID',
  'SETUP_REQUIRED',
  'NO_SESSION',
  'UNAUTHORIZED_GOOGLE',
]);

/** True for failures the app already handles by navigating away. */
export function isAppError(error: unknown): boolean {
  return error instanceof ApiError && APP_CODES.has(error.code);
}

/**
 * Opens the document-error dialog for a failed content or file call (SPEC §8): FILE_NOT_FOUND has its
 * own text, anything else the generic one.
 */
export function useDocumentErrorDialog(): (error: unknown) => void {
  const modals = useModals();
  return useCallback(
    (error: unknown) => {
      if (isAppError(error)) return;
      const fileNotFound = error instanceof ApiError && error.code === 'FILE_NOT_FOUND';
      modals.open('document-error', { key: fileNotFound ? 'fileNotFound' : 'generic' });
    },
    [modals],
  );
}
