import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockPhoneWidth } from '../../../test/phone';
import { mockApi, renderAt } from '../../../test/render-route';
import { doc, rolesReply, signIn } from '../test/fixtures';
import { DashboardCards } from './DashboardCards';
import { RecentDocuments } from './RecentDocuments';

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('dashboard (SPEC §2.1)', () => {
  it('counts per state and links a card to its list only when its count is above 0', async () => {
    mockApi({
      'GET /api/documents/stats': () => ({
        status: 'OK',
        draft: 3,
        pending: 0,
        complete: 2,
        archived: 0,
        published: 0,
      }),
    });
    renderAt(<DashboardCards />);
    const draft = await screen.findByRole('link', { name: /^Draft 3 / });
    expect(draft).toHaveAttribute('href', '/filtered/draft');
    expect(screen.getByRole('link', { name: /^Signed 2 / })).toHaveAttribute('href', '/filtered/signed');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    const signing = screen.getByTestId('card-signing');
    expect(signing.tagName).not.toBe('A');
    expect(within(signing).getByText('Signing')).toBeInTheDocument();
    expect(screen.getByTestId('card-count-signing')).toHaveTextContent('0');
    expect(screen.getByTestId('card-count-archived')).toHaveTextContent('0');
  });

  it('keeps the cards compact on a phone: two by two, with less padding', async () => {
    mockPhoneWidth(390);
    mockApi({
      'GET /api/documents/stats': () => ({
        status: 'OK',
        draft: 1,
        pending: 0,
        complete: 0,
        archived: 0,
        published: 0,
      }),
    });
    renderAt(<DashboardCards />);
    const draft = await screen.findByRole('link', { name: /^Draft 1 / });
    expect(draft.style.getPropertyValue('--card-padding')).toContain('--mantine-spacing-sm');
    expect(screen.getByTestId('card-count-draft').style.fontSize).not.toBe('');
  });

  it('lists the 8 most recently updated documents without the actions column', async () => {
    const recent = [doc({ name: 'Lease' }), doc({ name: 'Offer', state: 20 })];
    const fetchMock = mockApi({
      'GET /api/privileges/account-roles': rolesReply(),
      'POST /api/documents/search?orderBy=updated&orderValue=DESC&limit=8': () => ({
        status: 'OK',
        documents: recent,
      }),
    });
    renderAt(<RecentDocuments />);
    const table = await screen.findByRole('table', { name: 'Recently updated' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Offer' })).toHaveAttribute(
      'href',
      `/document/${recent[1]?.id}`,
    );
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    expect(fetchMock).toHaveBeenCalled();
  });
});
