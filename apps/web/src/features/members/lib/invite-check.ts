import { inviteEmail } from '@sinetti/contract';

export type InviteProblem = 'required' | 'invalid' | 'alreadyInvited';

/**
 * The user-invite dialog's checks (SPEC §5): an address is required, valid (the contract's own rule, so
 * the dialog and the server agree), and not one already in the organization's user list or invited.
 * `known` holds the addresses the viewer can see (members' and invites' e-mails; hidden ones are null).
 */
export function checkInviteEmail(
  value: string,
  known: readonly (string | null)[],
): { ok: true; email: string } | { ok: false; problem: InviteProblem } {
  if (value.trim() === '') return { ok: false, problem: 'required' };
  const parsed = inviteEmail.safeParse(value);
  if (!parsed.success) return { ok: false, problem: 'invalid' };
  const email = parsed.data;
  if (known.some((k) => k !== null && k.toLowerCase() === email)) {
    return { ok: false, problem: 'alreadyInvited' };
  }
  return { ok: true, email };
}
