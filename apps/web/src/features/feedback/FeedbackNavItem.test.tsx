import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../components/toast';
import { sessionStore } from '../../lib/session';
import { callsTo, mockApi, renderAt } from '../../test/render-route';
import { signInAs } from '../../test/utils';
import { FeedbackNavItem } from './FeedbackNavItem';

vi.mock('../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const config = (feedback: unknown) => () => ({
  status: 'OK',
  version: 'test',
  providers: [],
  feedback,
});

beforeEach(() => signInAs());
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const wrap = (item: ReactNode) => <nav aria-label="Help">{item}</nav>;
const renderItem = () =>
  renderAt(<FeedbackNavItem icon={null} wrap={wrap} />, { path: '/documents/*', url: '/documents/abc' });

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
  const box = await screen.findByRole('textbox', { name: /Your feedback/ });
  return { dialog, box, send: screen.getByRole('button', { name: 'Send' }) };
}

describe('Send feedback', () => {
  it('is not offered when the server takes no feedback', async () => {
    const fetchMock = mockApi({ 'GET /api/config': config(null) });
    renderItem();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/config')).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Help' })).not.toBeInTheDocument();
    expect(screen.queryByText('Send feedback')).not.toBeInTheDocument();
  });

  it("links to the operator's page in a new tab when it has one", async () => {
    mockApi({ 'GET /api/config': config({ kind: 'link', url: 'https://feedback.example/form' }) });
    renderItem();
    const link = await screen.findByRole('link', { name: /Send feedback/ });
    expect(link).toHaveAttribute('href', 'https://feedback.example/form');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Send feedback (opens in a new tab)');
  });

  it('sends what was written with the page it was written on, thanks, and closes', async () => {
    const fetchMock = mockApi({
      'GET /api/config': config({ kind: 'form' }),
      'POST /api/feedback': () => ({ status: 'OK' }),
    });
    renderItem();
    const { box, send } = await openForm();
    expect(send).toBeDisabled();
    await userEvent.type(box, '  Search is great  ');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Thank you! Your feedback was sent.'));
    expect(callsTo(fetchMock, 'POST /api/feedback')).toEqual([
      { message: 'Search is great', page: '/documents/abc' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the text and says why when the server refuses it (the hourly limit)', async () => {
    mockApi({
      'GET /api/config': config({ kind: 'form' }),
      'POST /api/feedback': () => ({
        status: 'ERROR',
        code: 'RATE_LIMITED',
        reason: 'FEEDBACK_LIMIT',
        message: 'Too much feedback.',
        details: { retryAfterSeconds: 600 },
      }),
    });
    renderItem();
    const { box, send } = await openForm();
    await userEvent.type(box, 'One more thing');
    await userEvent.click(send);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'You have sent a lot of feedback in the last hour. Thank you! Try again in 10 min.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
    expect(box).toHaveValue('One more thing');
  });

  it('keeps a draft when the form is closed and opened again', async () => {
    mockApi({ 'GET /api/config': config({ kind: 'form' }) });
    renderItem();
    const first = await openForm();
    await userEvent.type(first.box, 'Half a thought');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openForm();
    expect(again.box).toHaveValue('Half a thought');
  });
});
