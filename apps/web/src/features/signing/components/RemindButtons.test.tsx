import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../../components/toast';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { DOC_ID, makeDocument, makeSignee, memberReplies } from '../test/fixtures';
import { SigneesPanel } from './SigneesPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const REMIND = `POST /api/signing/remind/${DOC_ID}`;
const liisa = makeSignee();
const olli = makeSignee({
  id: '00000000-0000-4000-8000-0000000000e2',
  fullName: 'Olli Ohto',
  email: 'olli@example.com',
});
const signed = makeSignee({
  id: '00000000-0000-4000-8000-0000000000e3',
  fullName: 'Sanni Signed',
  email: 'sanni@example.com',
  status: 'signed',
});

beforeEach(() => signInAs());
afterEach(() => {
  resetTestState();
  vi.clearAllMocks();
});

function open(
  signees = [liisa, olli, signed],
  abilities: { remind: boolean; cancel?: boolean } = { remind: true, cancel: true },
  remind: (body: unknown) => unknown = () => ({}),
) {
  const fetchMock = mockApi({
    ...memberReplies(signees, { ...abilities, editSignees: false }),
    [REMIND]: remind,
  });
  renderAt(<SigneesPanel document={makeDocument({ state: 20 })} />);
  return fetchMock;
}

describe('reminding signees (issue 12 item 6)', () => {
  it('offers Remind on each unsigned row and Remind all while out for signing', async () => {
    const fetchMock = open(undefined, undefined, (body) => ({
      status: 'OK',
      reminded: (body as { signeeId?: string }).signeeId ? [liisa.id] : [liisa.id, olli.id],
      nextReminderAt: '2026-06-02T09:00:00.000Z',
    }));
    const list = await screen.findByRole('list', { name: 'Signees' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[2]!).queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Remind Liisa Laine' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Reminder sent.'));
    fireEvent.click(screen.getByRole('button', { name: 'Remind all who have not signed' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('2 reminders sent.'));
    expect(callsTo(fetchMock, REMIND)).toEqual([{ signeeId: liisa.id }, {}]);
  });

  it('says from when a signee can be reminded again (REMIND_TOO_SOON), in Helsinki time', async () => {
    open([liisa], undefined, () => ({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      reason: 'REMIND_TOO_SOON',
      details: { retryAt: '2026-06-01T21:00:00.000Z', retryAfterSeconds: 43200 },
      message: 'x',
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remind Liisa Laine' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Reminded a short while ago. You can remind again from 2 Jun 2026, 00:00.',
      ),
    );
    // One unsigned signee: no separate Remind all.
    expect(screen.queryByRole('button', { name: 'Remind all who have not signed' })).not.toBeInTheDocument();
  });

  it('offers no reminders without the remind ability, even when the server allows cancelling', async () => {
    open(undefined, { remind: false, cancel: true });
    await screen.findByRole('list', { name: 'Signees' });
    expect(screen.queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
  });

  it('offers reminders from the remind ability alone', async () => {
    open([liisa], { remind: true, cancel: false });
    expect(await screen.findByRole('button', { name: 'Remind Liisa Laine' })).toBeInTheDocument();
  });
});
