import { describe, expect, it } from 'vitest';
import { checkInviteEmail } from './invite-check';

describe('user-invite checks (SPEC §5)', () => {
  it('needs an address, a valid one, not already a user or invited', () => {
    const known = ['maija@acme.fi', null, 'Olli@Acme.fi'];
    expect(checkInviteEmail('   ', known)).toEqual({ ok: false, problem: 'required' });
    expect(checkInviteEmail('not an address', known)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkInviteEmail('a@b', known)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkInviteEmail(' MAIJA@acme.fi ', known)).toEqual({ ok: false, problem: 'alreadyInvited' });
    expect(checkInviteEmail('olli@acme.fi', known)).toEqual({ ok: false, problem: 'alreadyInvited' });
    expect(checkInviteEmail(' Uusi@Acme.fi', known)).toEqual({ ok: true, email: 'uusi@acme.fi' });
  });
});
