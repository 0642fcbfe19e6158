import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { makeDocument, memberReplies } from '../test/fixtures';
import {
  E1,
  E2,
  E3,
  openSendDialog,
  renderSigningActions,
  SEND,
  setUpSendDialogTests,
  threeSignees,
} from '../test/send-dialog';
import { SigneesPanel } from './SigneesPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

setUpSendDialogTests();

const three = threeSignees();

describe('signing order (issue #33 item 3)', () => {
  it('send dialog: the switch puts signees in order, groups are edited by number, and send carries them', async () => {
    const fetchMock = renderSigningActions({
      ...memberReplies(three, { send: true }),
      [SEND]: () => ({ status: 'OK', document: makeDocument({ state: 20 }) }),
    });
    const dialog = await openSendDialog();
    expect(within(dialog).queryByRole('textbox', { name: 'Signing group of Olli Ohto' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: /Sign in order/ }));
    const olli = within(dialog).getByRole('textbox', { name: 'Signing group of Olli Ohto' });
    // Switched on: one after another in the list's order; Pia and Olli then made one group.
    expect(within(dialog).getByRole('textbox', { name: 'Signing group of Pia Puu' })).toHaveValue('3');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Signing group of Pia Puu' }), {
      target: { value: '2' },
    });
    expect(olli).toHaveValue('2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Sent for signing' })).toBeInTheDocument();
    expect(callsTo(fetchMock, SEND)).toEqual([
      expect.objectContaining({
        signingOrder: [
          { signeeId: E1, group: 1 },
          { signeeId: E2, group: 2 },
          { signeeId: E3, group: 2 },
        ],
      }),
    ]);
  });

  it('send dialog: parallel back again sends every signee in group 1', async () => {
    const stored = three.map((s, i) => ({ ...s, group: i + 1 }));
    const fetchMock = renderSigningActions({
      ...memberReplies(stored, { send: true }),
      [SEND]: () => ({ status: 'OK', document: makeDocument({ state: 20 }) }),
    });
    const dialog = await openSendDialog();
    const toggle = within(dialog).getByRole('switch', { name: /Sign in order/ });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Sent for signing' });
    expect(callsTo(fetchMock, SEND)[0]).toMatchObject({
      signingOrder: [
        { signeeId: E1, group: 1 },
        { signeeId: E2, group: 1 },
        { signeeId: E3, group: 1 },
      ],
    });
  });

  it.each([
    ['en', 'Now signing: group 2', 'Group 1', 'Their turn'],
    ['fi', 'Nyt allekirjoittaa: ryhmä 2', 'Ryhmä 1', 'Vuorossa'],
  ] as const)(
    '%s: the signees panel shows each group and whose turn it is',
    async (lang, now, group1, turn) => {
      await changeLanguage(lang);
      const list = threeSignees([
        { status: 'signed', signedAt: '2026-06-01T10:00:00.000Z' },
        { group: 2 },
        { group: 3 },
      ]);
      mockApi(memberReplies(list, {}, { currentGroup: 2, ordered: true }));
      renderAt(<SigneesPanel document={makeDocument({ state: 20 })} />);
      const panel = await screen.findByRole('list', { name: /Signees|Allekirjoittajat/ });
      expect(within(panel).getByTestId('signing-turn')).toHaveTextContent(now);
      const groups = within(panel)
        .getAllByTestId('signee-group')
        .map((b) => b.textContent);
      expect(groups[0]).toBe(group1);
      expect(groups).toHaveLength(3);
      const turns = within(panel).getAllByTestId('signee-turn');
      expect(turns).toHaveLength(1);
      expect(turns[0]).toHaveTextContent(turn);
      expect(within(panel).getAllByRole('listitem')[1]).toContainElement(turns[0] ?? null);
    },
  );

  it('parallel: no groups or turn shown', async () => {
    mockApi(memberReplies(three, {}, { currentGroup: 1, ordered: false }));
    renderAt(<SigneesPanel document={makeDocument({ state: 20 })} />);
    const panel = await screen.findByRole('list', { name: 'Signees' });
    expect(within(panel).queryByTestId('signee-group')).toBeNull();
    expect(within(panel).queryByTestId('signing-turn')).toBeNull();
  });
});
