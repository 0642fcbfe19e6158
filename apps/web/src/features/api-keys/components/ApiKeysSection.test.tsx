import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@sinetti/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signInAs } from '../../../test/utils';
import { ApiKeysSection } from './ApiKeysSection';

const A = '/api/authentication';
const KEY_ID = '00000000-0000-4000-8000-0000000000e1';
const ME = '00000000-0000-4000-8000-0000000000aa';
const SECRET = `snt_0123456789abcdef_${'x'.repeat(43)}`;

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: KEY_ID,
  name: 'CRM',
  prefix: 'snt_0123456789abcdef',
  permissions: [18, 20],
  state: 'active',
  created: '2026-11-01T10:00:00.000Z',
  createdBy: { id: ME, name: 'Matti Meikäläinen' },
  expires: null,
  lastUsed: '2026-11-20T08:30:00.000Z',
  revoked: null,
  ...over,
});

beforeEach(() => signInAs('OK'));
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function open(keys: ApiKey[], replies: Parameters<typeof mockApi>[0] = {}) {
  let list = keys;
  const fetchMock = mockApi({
    [`GET ${A}/apikey-requests`]: () => ({ status: 'OK', apiKeys: list }),
    [`GET ${A}/apikey/none`]: () => ({ status: 'OK', apiKey: null, grantable: [18, 20, 22] }),
    [`POST ${A}/apikey/none`]: (body) => {
      const made = key({ name: (body as { name: string }).name, lastUsed: null });
      list = [made, ...list];
      return { status: 'OK', apiKey: made, secret: SECRET };
    },
    [`POST ${A}/apikey/${KEY_ID}/revoke`]: () => {
      const revoked = key({ state: 'revoked', revoked: '2026-11-21T00:00:00.000Z' });
      list = list.map((k) => (k.id === KEY_ID ? revoked : k));
      return { status: 'OK', apiKey: revoked };
    },
    ...replies,
  });
  renderAt(<ApiKeysSection />);
  return fetchMock;
}

describe('Settings → API keys (issue #34)', () => {
  it('says so when there are no keys', async () => {
    open([]);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });

  it('lists keys with their permissions, maker and last use, and offers a retry when the list fails', async () => {
    open([
      key(),
      key({
        id: '00000000-0000-4000-8000-0000000000e2',
        name: 'Old ERP',
        state: 'revoked',
        lastUsed: null,
        revoked: '2026-11-02T00:00:00.000Z',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'API keys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('CRM')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('View documents, Create documents')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Made .* by Matti Meikäläinen · last used/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/never used/)).toBeInTheDocument();
    // A revoked key offers no revoke button.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    open([], { [`GET ${A}/apikey-requests`]: () => ({ status: 'ERROR', code: 'INTERNAL', message: 'x' }) });
    expect(await screen.findByText('The API keys could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('makes a key with the chosen permissions and shows the key once, with a copy button', async () => {
    const fetchMock = open([]);
    fireEvent.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const submit = within(dialog).getByRole('button', { name: 'Create key' });
    expect(submit).toBeDisabled();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Create documents' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Delete documents' })).toBeNull();
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Please enter a name for the key.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${A}/apikey/none`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: ' Billing ' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Never' }));
    fireEvent.click(submit);
    expect(await within(dialog).findByDisplayValue(SECRET)).toBeInTheDocument();
    expect(within(dialog).getByText('Copy the key now')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy the key' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${A}/apikey/none`)).toEqual([
      { name: 'Billing', permissions: [20], expires: null },
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    expect(await screen.findByText('Billing')).toBeInTheDocument();
  });

  it('shows the server’s reason when a key cannot be made', async () => {
    open([], {
      [`POST ${A}/apikey/none`]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'API_KEY_LIMIT_REACHED',
        message: 'x',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'CRM' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'View documents' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(
      await within(dialog).findByText(
        'The organization has the most API keys it can have. Revoke one first.',
      ),
    ).toBeInTheDocument();
  });

  it('revokes a key only after confirmation', async () => {
    const fetchMock = open([key()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, `POST ${A}/apikey/${KEY_ID}/revoke`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key CRM' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${A}/apikey/${KEY_ID}/revoke`)).toHaveLength(1));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });

  it('speaks Finnish', async () => {
    await changeLanguage('fi');
    open([key()]);
    expect(await screen.findByRole('button', { name: 'Uusi API-avain' })).toBeInTheDocument();
    expect(await screen.findByText('Voimassa')).toBeInTheDocument();
    expect(screen.getByText('Näe asiakirjat, Luo asiakirjoja')).toBeInTheDocument();
  });
});
