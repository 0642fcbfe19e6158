import { useEffect, useState } from 'react';
import { SELF_SIGNEE_CHECK_MS } from '@sinetti/contract';
import { modalStore, useModals } from '../../../components/modals';
import { useSignees } from '../api/signees';

/** Checks give up after this many seconds without finding the user's own link. */
const MAX_CHECKS = 30;

/**
 * SPEC §4.1: after send, checks every second whether the current user is a signee and, if so while
 * signing, opens the document-sign dialog with their signing link. `start()` begins the checks.
 */
export function useSelfSigneeCheck(docId: string): { start: () => void; watching: boolean } {
  const modals = useModals();
  const [checks, setChecks] = useState(0);
  const watching = checks > 0 && checks <= MAX_CHECKS;
  const signees = useSignees(docId, watching ? SELF_SIGNEE_CHECK_MS : false);
  const { dataUpdatedAt, data } = signees;

  useEffect(() => {
    if (!watching || dataUpdatedAt === 0) return;
    const list = data?.signees ?? [];
    const me = list.find((s) => s.isMe);
    if (me?.signingLink) {
      // One dialog at a time: the link is offered once send-complete has been closed.
      if (modalStore.isOpen('document-send-complete')) return;
      setChecks(0);
      modals.open('document-sign', { link: me.signingLink });
    } else if (!me || me.status === 'signed') {
      setChecks(0);
    } else {
      setChecks((n) => n + 1);
    }
    // Runs once per reply.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataUpdatedAt]);

  return { start: () => setChecks(1), watching };
}
