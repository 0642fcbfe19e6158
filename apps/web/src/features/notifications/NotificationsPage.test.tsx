import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { ORG_ACME, resetTestState, stubRoutes, type FakeReply } from '../../test/utils';
import { renderSignedIn } from '../../test/signed-in';
import { NotificationsPage } from './NotificationsPage';

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

const item = (n: number, over: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'signee-signed',
  created: new Date(Date.now() - n * 60_000).toISOString(),
  read: false,
  organizationId: ORG_ACME,
  organizationName: 'Acme Oy',
  documentId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  documentName: `Lease ${n}`,
  signeeName: 'Anna Aalto',
  roleName: null,
  balance: null,
  ...over,
});

function renderPage(replies: Record<string, FakeReply>, language: 'en' | 'fi' = 'en') {
  const routes = stubRoutes().map((r) =>
    r.name === 'Notifications' ? { ...r, load: () => Promise.resolve({ default: NotificationsPage }) } : r,
  );
  return renderSignedIn('/notifications', { language, replies, routes });
}

const page = (items: unknown[], unread: number, hasMore = false): FakeReply => ({
  body: { status: 'OK', notifications: items, unread, hasMore },
});

describe('Notifications page', () => {
  it('lists what happened, newest first, with the unread count in the navigation', async () => {
    renderPage({
      'GET /api/notifications': page(
        [
          item(1),
          item(2, { kind: 'signee-declined', signeeName: 'Dee D' }),
          item(3, { kind: 'signing-completed', read: true }),
        ],
        2,
      ),
      'GET /api/notifications/unread': { body: { status: 'OK', unread: 2 } },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Anna Aalto signed Lease 1'),
      expect.stringContaining('Dee D declined to sign Lease 2'),
      expect.stringContaining('Signing of Lease 3 is complete'),
    ]);
    expect(within(items[0]!).getByRole('link', { name: /Anna Aalto signed Lease 1/ })).toHaveAttribute(
      'href',
      '/document/10000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('caps the navigation badge at 99+ while its label keeps the real count', async () => {
    renderPage({
      'GET /api/notifications': page([item(1)], 100),
      'GET /api/notifications/unread': { body: { status: 'OK', unread: 100 } },
    });
    const link = await screen.findByRole('link', { name: 'Notifications, 100 unread' });
    expect(within(link).getByText('99+')).toBeInTheDocument();
    expect(within(link).queryByText('100')).not.toBeInTheDocument();
  });

  it('tells of invitations, shared documents and a low balance, each linking where it is handled', async () => {
    renderPage({
      'GET /api/notifications': page(
        [
          item(1, { kind: 'invitation-received', documentId: null, documentName: '', signeeName: null }),
          item(2, { kind: 'document-shared', signeeName: null, roleName: 'Legal', documentName: 'Memo' }),
          item(3, {
            kind: 'balance-low',
            documentId: null,
            documentName: '',
            signeeName: null,
            balance: 950,
          }),
        ],
        3,
      ),
      'GET /api/notifications/unread': { body: { status: 'OK', unread: 3 } },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['You were invited to join Acme Oy', '/profile/organizations'],
      ['Memo was shared with your role Legal', '/document/10000000-0000-4000-8000-000000000002'],
      ['The balance of Acme Oy is low: €9.50', '/settings/billing'],
    ]);
  });

  it('marks one read, or all at once', async () => {
    const { fetchMock } = renderPage({
      'GET /api/notifications': page([item(1), item(2)], 2),
      'GET /api/notifications/unread': { body: { status: 'OK', unread: 2 } },
      'POST /api/notifications/read/00000000-0000-4000-8000-000000000002': { body: { status: 'OK' } },
      'POST /api/notifications/read-all': { body: { status: 'OK' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark read: Anna Aalto signed Lease 2' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => url === '/api/notifications/read/00000000-0000-4000-8000-000000000002',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/notifications/read-all')).toBe(true),
    );
  });

  it('pages with Show more', async () => {
    renderPage({
      'GET /api/notifications': page([item(1)], 0, true),
      'GET /api/notifications?before=00000000-0000-4000-8000-000000000001': page(
        [item(2, { read: true })],
        0,
      ),
      'GET /api/notifications/unread': { body: { status: 'OK', unread: 0 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByText('Anna Aalto signed Lease 2');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, in Finnish too', async () => {
    await changeLanguage('fi');
    renderPage(
      {
        'GET /api/notifications': page([], 0),
        'GET /api/notifications/unread': { body: { status: 'OK', unread: 0 } },
      },
      'fi',
    );
    expect(await screen.findByText('Ei vielä ilmoituksia')).toBeInTheDocument();
    expect(screen.getByText('Olet lukenut kaikki ilmoitukset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ilmoitusasetukset' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
  });

  it('offers to try again when the list could not be loaded', async () => {
    renderPage({
      'GET /api/notifications': { status: 500, body: { status: 'ERROR', code: 'INTERNAL', message: 'x' } },
    });
    expect(await screen.findByText('Notifications could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
