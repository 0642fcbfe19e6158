import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../../components/toast';
import { OTHER, currentSessionReplies, signIn, twoSessionsReplies } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { SessionsSection } from './SessionsSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const open = () => renderAt(<SessionsSection />, { path: '/profile/sessions' });

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('sessions section', () => {
  it('lists sessions and ends another one after confirmation', async () => {
    const fetchMock = mockApi(twoSessionsReplies());
    open();
    const row = (await screen.findByText('Safari on iPhone')).closest('tr') as HTMLElement;
    expect(
      within(screen.getByText('Firefox on Linux').closest('tr') as HTMLElement).getByText('This device'),
    );
    expect(within(row).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(row).getByText('Unknown')).toBeInTheDocument();

    await userEvent.click(
      within(row).getByRole('button', {
        name: /^End session: Safari on iPhone, last used \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('The session on Safari on iPhone will be ended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));

    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, `GET /api/authentication/invalidate/${OTHER}`)).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Session ended.');
    expect(screen.getByText('Firefox on Linux')).toBeInTheDocument();
  });

  it('ending the current session signs out here', async () => {
    mockApi(currentSessionReplies());
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'End session: Firefox on Linux, this device' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This is the device you are using now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin');
    expect(localStorage.getItem('sinetti.session')).toBeNull();
  });

  it('names each End session button apart, also for two sessions of the same device', async () => {
    const sessions = twoSessionsReplies()['GET /api/authentication/sessions/full']().sessions;
    const older = { ...sessions[1], id: `${OTHER.slice(0, -1)}3`, updated: '2026-11-20T10:15:00.000Z' };
    const newer = { ...sessions[1], updated: '2026-11-27T08:40:00.000Z' };
    mockApi({
      'GET /api/authentication/sessions/full': () => ({
        status: 'OK',
        sessions: [{ ...sessions[0], device: 'Safari on iPhone' }, newer, older],
      }),
    });
    open();
    await screen.findAllByText('Safari on iPhone');
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'End session: Safari on iPhone, this device',
      'End session: Safari on iPhone, last used 27 Nov 2026, 10:40',
      'End session: Safari on iPhone, last used 20 Nov 2026, 12:15',
    ]);
  });

  it('says so when there are no sessions', async () => {
    mockApi({ 'GET /api/authentication/sessions/full': () => ({ status: 'OK', sessions: [] }) });
    open();
    expect(await screen.findByText('There are no active sessions.')).toBeInTheDocument();
  });
});
