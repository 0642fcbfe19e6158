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

    await userEvent.click(within(row).getByRole('button', { name: 'End session: Safari on iPhone' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'End session: Firefox on Linux' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This is the device you are using now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin');
    expect(localStorage.getItem('sinetti.session')).toBeNull();
  });

  it('says so when there are no sessions', async () => {
    mockApi({ 'GET /api/authentication/sessions/full': () => ({ status: 'OK', sessions: [] }) });
    open();
    expect(await screen.findByText('There are no active sessions.')).toBeInTheDocument();
  });
});
