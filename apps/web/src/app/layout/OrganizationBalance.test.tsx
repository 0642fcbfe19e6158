import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import {
  ORG_ACME,
  accountReply,
  makeAccount,
  mockFetch,
  permissionsReply,
  renderApp,
  resetTestState,
  signInAs,
  stubRoutes,
} from '../../test/utils';

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

function renderShell(permissions: number[], language: 'en' | 'fi' = 'en') {
  signInAs('OK', ORG_ACME);
  const fetchMock = mockFetch({
    'GET /api/authentication/accounts': accountReply(makeAccount({ language })),
    'GET /api/privileges/account-roles': permissionsReply(permissions),
    'GET /api/plan/balance': { body: { status: 'OK', balance: 2500, currency: 'EUR' } },
  });
  renderApp('/', stubRoutes());
  return fetchMock;
}

describe('balance under the organization name (SPEC §2.5, §6)', () => {
  it('shows the balance with organization view balance', async () => {
    renderShell([3]);
    const selector = await screen.findByRole('button', { name: 'Select organization' });
    await waitFor(() => expect(selector).toHaveTextContent('Balance €25.00'));
  });

  it('writes it the Finnish way', async () => {
    renderShell([3], 'fi');
    const selector = await screen.findByRole('button', { name: 'Valitse organisaatio' });
    await waitFor(() => expect(selector).toHaveTextContent('Saldo 25,00 €'));
  });

  it('neither shows nor asks for it without the permission', async () => {
    const fetchMock = renderShell([2]);
    const selector = await screen.findByRole('button', { name: 'Select organization' });
    await waitFor(() => expect(selector).toHaveTextContent('Acme Oy'));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/privileges/account-roles', expect.anything()),
    );
    expect(screen.queryByTestId('navigation-balance')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/plan/balance'))).toBe(false);
  });
});
