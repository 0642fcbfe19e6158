import { useEffect, useRef } from 'react';
import { SIGNING_HEARTBEAT_MS } from '@sinetti/contract';
import { ApiError } from '../../../lib/api';
import { leaveSession, sessionHeartbeat } from '../api/public';
import { leavingForProvider } from '../lib/provider-return';

/**
 * Keeps the signing session holding the document while this page is open (SPEC §4.2 locked): a heartbeat
 * every SIGNING_HEARTBEAT_MS and when the page shows again; on pagehide a keepalive "leave" frees the
 * document for the other signees at once (a reload holds it again), unless the signee is leaving for their
 * eID provider or QTSP to go on signing (issue #29). `onEnded` gets the server's answer
 * when the session has ended (declined, cancelled, taken over after idling).
 */
export function useSessionPresence(sessionToken: string, onEnded: (err: ApiError) => void): void {
  const ended = useRef(onEnded);
  ended.current = onEnded;
  useEffect(() => {
    const beat = () =>
      void sessionHeartbeat(sessionToken).catch((err: unknown) => {
        if (err instanceof ApiError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND')) {
          ended.current(err);
        }
      });
    const timer = setInterval(beat, SIGNING_HEARTBEAT_MS);
    const onShow = () => beat();
    const onVisible = () => {
      if (document.visibilityState === 'visible') beat();
    };
    const onHide = () => {
      if (!leavingForProvider()) leaveSession(sessionToken);
    };
    window.addEventListener('pageshow', onShow);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [sessionToken]);
}
