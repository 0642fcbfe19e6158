import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@sinetti/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signInAs } from '../../../test/utils';
import { showError } from '../../../components/toast';
import { WebhooksSection } from './WebhooksSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const W = '/api/webhooks';
const ID = '00000000-0000-4000-8000-0000000000f1';
const DELIVERY = '00000000-0000-4000-8000-0000000000f2';
const SECRET = `whsec_${'A'.repeat(43)}=`;
const ROTATED = `whsec_${'B'.repeat(43)}=`;

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ID,
  url: 'https://crm.example.com/hook',
  events: ['document.completed', 'balance.low'],
  enabled: true,
  disabledReason: null,
  created: '2026-11-01T10:00:00.000Z',
  createdBy: null,
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: DELIVERY,
  eventId: 'evt_1',
  type: 'document.completed',
  status: 'failed',
  attempts: 8,
  responseStatus: 500,
  responseMs: 123,
  error: 'HTTP 500',
  attemptLog: [],
  nextAttempt: null,
  created: '2026-11-01T10:00:00.000Z',
  lastAttempt: '2026-11-01T12:00:00.000Z',
  payload: {},
  ...over,
});

beforeEach(() => signInAs('OK'));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(showError).mockClear();
  await changeLanguage('en');
});

function open(list: WebhookEndpoint[], replies: Parameters<typeof mockApi>[0] = {}) {
  let rows = list;
  const fetchMock = mockApi({
    [`GET ${W}`]: () => ({ status: 'OK', webhooks: rows }),
    [`POST ${W}`]: (body) => {
      const made = endpoint({ url: (body as { url: string }).url });
      rows = [made, ...rows];
      return { status: 'OK', webhook: made, secret: SECRET };
    },
    [`POST ${W}/${ID}/delete`]: () => {
      rows = rows.filter((r) => r.id !== ID);
      return { status: 'OK', id: ID };
    },
    [`POST ${W}/${ID}`]: (body) => {
      rows = rows.map((r) => (r.id === ID ? { ...r, ...(body as object), disabledReason: null } : r));
      return { status: 'OK', webhook: rows.find((r) => r.id === ID) };
    },
    [`GET ${W}/${ID}/secret`]: () => ({ status: 'OK', secret: SECRET }),
    [`POST ${W}/${ID}/rotate-secret`]: () => ({ status: 'OK', secret: ROTATED }),
    [`GET ${W}/${ID}/deliveries`]: () => ({ status: 'OK', deliveries: [delivery()] }),
    [`POST ${W}/deliveries/${DELIVERY}/redeliver`]: () => ({
      status: 'OK',
      delivery: delivery({ status: 'pending', attempts: 0 }),
    }),
    ...replies,
  });
  renderAt(<WebhooksSection />);
  return fetchMock;
}

describe('Settings → Webhooks (issue #34 item 2)', () => {
  it('says so when there are no webhooks', async () => {
    open([]);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    open([], { [`GET ${W}`]: () => ({ status: 'ERROR', code: 'UNAVAILABLE', message: 'x' }) });
    expect(await screen.findByText('Could not load the webhooks.')).toBeInTheDocument();
  });

  it('lists endpoints with their events, and one turned off by a 410 says why', async () => {
    open([endpoint({ enabled: false, disabledReason: 'gone' })]);
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText('https://crm.example.com/hook')).toBeInTheDocument();
    expect(within(list).getByText('Completed, Balance low')).toBeInTheDocument();
    expect(within(list).getByText('Off')).toBeInTheDocument();
    expect(within(list).getByText('Turned off: the receiver answered 410 Gone.')).toBeInTheDocument();
  });

  it('adds an endpoint with the chosen events and shows its secret', async () => {
    const fetchMock = open([]);
    fireEvent.click(await screen.findByRole('button', { name: 'New webhook' }));
    fireEvent.change(await screen.findByLabelText(/Address/), {
      target: { value: 'https://erp.example.com/in' },
    });
    fireEvent.click(screen.getByLabelText('Document sent'));
    fireEvent.click(screen.getByLabelText('Completed'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${W}`)).toEqual([
      { url: 'https://erp.example.com/in', events: ['document.sent', 'document.completed'] },
    ]);
  });

  it('shows the secret, the deliveries with status and response time, and sends one again', async () => {
    const fetchMock = open([endpoint()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Show secret' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries to https://crm.example.com/hook' });
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('8 attempts')).toBeInTheDocument();
    expect(within(table).getByText(/500 · 123 ms/)).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST ${W}/deliveries/${DELIVERY}/redeliver`)).toHaveLength(1),
    );
  });

  it('turns an endpoint turned off by a 410 on again', async () => {
    const fetchMock = open([endpoint({ enabled: false, disabledReason: 'gone' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${W}/${ID}`)).toEqual([{ enabled: true }]));
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.queryByText('Turned off: the receiver answered 410 Gone.')).not.toBeInTheDocument();
  });

  it('deletes an endpoint after confirmation', async () => {
    const fetchMock = open([endpoint()]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete webhook https://crm.example.com/hook' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${W}/${ID}/delete`)).toHaveLength(1));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('rotates the secret once confirmed, shows the new one once with a copy button, and no longer the old one', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = open([endpoint()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Show secret' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    const rotate = screen.getByRole('button', {
      name: 'Rotate the secret of webhook https://crm.example.com/hook',
    });
    expect(rotate).toHaveTextContent('Rotate secret');

    // Cancelled: nothing is rotated.
    fireEvent.click(rotate);
    let dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(
      within(dialog).getByText(/Make a new signing secret for https:\/\/crm\.example\.com\/hook\?/),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, `POST ${W}/${ID}/rotate-secret`)).toHaveLength(0);

    fireEvent.click(rotate);
    dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await within(dialog).findByText(ROTATED)).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${W}/${ID}/rotate-secret`)).toHaveLength(1);
    // The old secret shown on the row is stale now: it is gone.
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ROTATED));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(ROTATED)).not.toBeInTheDocument();
    // Opened again, it asks first instead of showing the secret a second time.
    fireEvent.click(rotate);
    dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(within(dialog).queryByText(ROTATED)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Rotate' })).toBeInTheDocument();
  });

  it('says so when the secret cannot be rotated, and closes the dialog', async () => {
    open([endpoint()], {
      [`POST ${W}/${ID}/rotate-secret`]: () => ({
        status: 'ERROR',
        code: 'NOT_FOUND',
        message: 'Not found.',
      }),
    });
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Rotate the secret of webhook https://crm.example.com/hook',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(expect.anything(), 'Could not rotate the secret.'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is in Finnish', async () => {
    await changeLanguage('fi');
    open([]);
    expect(await screen.findByText('Ei vielä webhookeja.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uusi webhook' })).toBeInTheDocument();
  });

  it('offers rotating the secret in Finnish', async () => {
    await changeLanguage('fi');
    open([endpoint()]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Vaihda webhookin https://crm.example.com/hook salaisuus' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Vaihda allekirjoitussalaisuus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vaihda' }));
    expect(await within(dialog).findByText(ROTATED)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Kopioi salaisuus' })).toBeInTheDocument();
  });
});
