import { describe, expect, it } from 'vitest';
import { wizard } from '../test/fixtures';
import { checkInviteRows, previousStep, setupSummary, stepLabelIndex } from './steps';

describe('wizard steps', () => {
  it('going back passes over skipped and self-skipping steps', () => {
    expect(previousStep(2, [])).toBe(1);
    expect(previousStep(4, [3])).toBe(2);
    expect(previousStep(6, [3, 5])).toBe(4);
    expect(previousStep(6, [2, 3, 4, 5])).toBe(1);
  });

  it('groups the six steps under three labels', () => {
    expect([1, 2, 3, 4, 5, 6].map(stepLabelIndex)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('checks invite rows: empty ignored, first invalid named', () => {
    expect(checkInviteRows(['', ' a@b.fi ', '  '])).toEqual({ ok: true, emails: ['a@b.fi'] });
    expect(checkInviteRows(['a@b.fi', 'nope', 'x@y'])).toEqual({ ok: false, index: 1, address: 'nope' });
    expect(checkInviteRows(['first.last@example.com', 'x@y.info'])).toEqual({
      ok: false,
      index: 1,
      address: 'x@y.info',
    });
  });

  it('summarises the organization and its invites, unless the organization was skipped', () => {
    const data = { 2: { name: 'Acme' }, 4: { emails: ['a@b.fi', ''] } };
    expect(setupSummary(wizard(6, { data }))).toEqual({ organizationName: 'Acme', invites: ['a@b.fi'] });
    expect(setupSummary(wizard(6, { data, skipped: [4] }))).toEqual({
      organizationName: 'Acme',
      invites: [],
    });
    expect(setupSummary(wizard(6, { data, skipped: [2, 3, 4] }))).toEqual({
      organizationName: null,
      invites: [],
    });
  });
});
