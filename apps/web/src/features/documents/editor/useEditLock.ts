import { useCallback, useEffect, useRef, useState } from 'react';
import { EDITOR_IDLE_MS, EDIT_LOCK_HEARTBEAT_MS, api } from '@sinetti/contract';
import { ApiError, call } from '../../../lib/api';

export type EditLock =
  | { state: 'pending' }
  | { state: 'held' }
  /** Someone else edits (`lost`: they took over after this editor went idle). */
  | { state: 'locked' | 'lost'; by: string; until: string | null }
  | { state: 'failed'; error: unknown };

/**
 * The editor's lock (issue 13 item 2): taken when the page opens, renewed every EDIT_LOCK_HEARTBEAT_MS
 * while the user has typed or clicked within EDITOR_IDLE_MS (an idle editor lets it lapse, so someone else
 * can take over), given up when the page closes. The server decides; this only reports what it said.
 */
export function useEditLock(documentId: string, enabled: boolean) {
  const [lock, setLock] = useState<EditLock>({ state: 'pending' });
  const held = useRef(false);
  const lastActive = useRef(Date.now());

  const acquire = useCallback(
    async (renewal: boolean) => {
      try {
        await call(api.editLock.acquire, { params: { id: documentId } });
        held.current = true;
        setLock({ state: 'held' });
      } catch (error) {
        if (error instanceof ApiError && error.reason === 'EDIT_LOCKED') {
          held.current = false;
          setLock({
            state: renewal ? 'lost' : 'locked',
            by: error.details?.lockedBy ?? '',
            until: error.details?.lockedUntil ?? null,
          });
        } else if (!renewal) {
          setLock({ state: 'failed', error });
        }
        // A renewal that failed for another reason (network) is simply tried again at the next beat.
      }
    },
    [documentId],
  );

  useEffect(() => {
    if (!enabled) return;
    void acquire(false);
    const active = () => {
      lastActive.current = Date.now();
    };
    window.addEventListener('keydown', active, true);
    window.addEventListener('pointerdown', active, true);
    const beat = setInterval(() => {
      if (held.current && Date.now() - lastActive.current < EDITOR_IDLE_MS) void acquire(true);
    }, EDIT_LOCK_HEARTBEAT_MS);
    return () => {
      clearInterval(beat);
      window.removeEventListener('keydown', active, true);
      window.removeEventListener('pointerdown', active, true);
      if (held.current)
        void call(api.editLock.release, { params: { id: documentId } }).catch(() => undefined);
      held.current = false;
    };
  }, [acquire, documentId, enabled]);

  return { lock, retry: () => void acquire(false) };
}
