import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { modalStore } from '../../../components/modals';
import { ApiError } from '../../../lib/api';
import { inviteLinkQuery, useAccountInvites } from '../api/invites';
import { pendingInvite } from '../../../lib/pending-invite';
import type { InviteLinkProblem } from '../modals/InvitesModal';

/** Invitations already shown in this page load: the popup opens again only for new ones. */
const shown = new Set<string>();
/** Links already answered in this page load. */
const handledLinks = new Set<string>();

/** For tests: a fresh page load. */
export function resetInvitesPopupForTests(): void {
  shown.clear();
  handledLinks.clear();
}

function problemOf(error: unknown): InviteLinkProblem {
  // A 4xx is the server's answer about this link (unknown, used, expired, cancelled, someone else's):
  // the link is done with. Anything else (network, 5xx) may pass; the token is kept for the next load.
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500
    ? 'invalid'
    : 'failed';
}

/**
 * On the Dashboard (SPEC §2.1): opens the organization-invites popup when the account has invitations not
 * shown yet in this page load, and for an e-mailed link kept from `?invite=` (lib/pending-invite.ts),
 * which is resolved with invite-link first. Renders nothing itself.
 */
export function InvitesPopup() {
  const [token] = useState(() => pendingInvite.get());
  const checkLink = token !== null && !handledLinks.has(token);
  const link = useQuery({ ...inviteLinkQuery(token ?? ''), enabled: checkLink });
  // The list is asked once the link has answered: opening the link is what lets an account whose provider
  // did not verify its e-mail address see that invite (docs/decisions.md, unverified e-mail addresses).
  const invites = useAccountInvites(!checkLink || !link.isPending);

  useEffect(() => {
    if (checkLink && link.isPending) return;
    if (invites.isPending) return;
    let linkProblem: InviteLinkProblem | undefined;
    let fromLink = false;
    if (checkLink && token !== null) {
      handledLinks.add(token);
      if (link.isError) linkProblem = problemOf(link.error);
      else fromLink = true;
      if (linkProblem !== 'failed') pendingInvite.clear();
    }
    const fresh = (invites.data ?? []).filter((invite) => !shown.has(invite.id));
    for (const invite of fresh) shown.add(invite.id);
    if (fresh.length === 0 && !linkProblem && !fromLink) return;
    modalStore.open('organization-invites', linkProblem ? { linkProblem } : undefined);
  }, [checkLink, token, link.isPending, link.isError, link.error, invites.isPending, invites.data]);

  return null;
}
