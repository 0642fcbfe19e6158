import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes hold the user back, from closing the tab (the browser's own question) and from links in
 * the app (the returned blocker: the page asks). Saving is not held back: it leaves for the document.
 */
export function useLeaveGuard(dirty: boolean, saving: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return useBlocker(dirty && !saving);
}
