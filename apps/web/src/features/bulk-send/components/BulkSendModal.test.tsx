import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkPreview } from '@sinetti/contract';
import { ModalHost, modalStore } from '../../../components/modals';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signInAs } from '../../../test/utils';
import { registerBulkSendModals } from '..';

beforeEach(() => {
  signInAs();
  registerBulkSendModals();
});
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const TEMPLATE = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Lease' };
const BULK = '00000000-0000-4000-8000-0000000000b1';
const DOC = '00000000-0000-4000-8000-0000000000c1';
const FIELDS = `GET /api/documents/template-fields/${TEMPLATE.id}`;
const PREVIEW = `POST /api/bulk-send/preview/${TEMPLATE.id}`;
const START = `POST /api/bulk-send/start/${TEMPLATE.id}`;
const INFO = `GET /api/bulk-send/info/${BULK}`;
const RETRY = `POST /api/bulk-send/retry/${BULK}`;
const CSV = 'Tenant email,rent\na@example.fi,950\nnot-an-address,950\n';

const fields = () => ({
  status: 'OK',
  fields: [{ name: 'rent', type: 'number', default: null }],
  roles: ['Tenant'],
});
const row = (line: number, email: string, problems: BulkPreview['rows'][number]['problems'] = {}) => ({
  line,
  name: `Lease ${line}`,
  signees: [{ role: 'Tenant', email, givenName: '', familyName: '' }],
  values: { rent: '950' },
  problems,
});
const preview = (
  rows: BulkPreview['rows'],
  extra: Partial<BulkPreview> = {},
): { status: 'OK'; preview: BulkPreview } => ({
  status: 'OK',
  preview: {
    roles: ['Tenant'],
    fields: ['rent'],
    fileProblems: extra.fileProblems ?? [],
    fileProblemCount: extra.fileProblems?.length ?? 0,
    rows,
    rowCount: rows.length,
    validRows: rows.filter((r) => Object.keys(r.problems).length === 0).length,
    currency: 'EUR',
    perDocumentCents: 50,
    totalCents: 100,
    balanceCents: 1000,
    balanceAfterCents: 900,
    enough: true,
    emailCount: 2,
    emailLimitPerHour: 200,
    ...extra,
  },
});
const summary = (over: object = {}) => ({
  id: BULK,
  templateId: TEMPLATE.id,
  templateName: 'Lease',
  status: 'running',
  total: 2,
  sent: 1,
  failed: 1,
  pending: 0,
  waitingUntil: null,
  createdAt: '2026-06-01T09:00:00.000Z',
  ...over,
});

function open() {
  renderAt(<ModalHost />);
  act(() => modalStore.open('bulk-send', { template: TEMPLATE }));
}

async function paste(csv: string) {
  const box = await screen.findByLabelText('Rows (with the header row)');
  fireEvent.change(box, { target: { value: csv } });
  fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('bulk-send dialog (issue #33 item 4)', () => {
  it('shows the problems of each row and of the file, and sends only a file without problems', async () => {
    const fetchMock = mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () =>
        preview([row(2, 'a@example.fi'), row(3, 'not-an-address', { 'Tenant email': 'email' })], {
          fileProblems: [{ problem: 'unknownColumn', column: 'colour' }],
        }),
    });
    open();
    await paste(CSV);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Tenant email: not a valid e-mail address')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The column “colour” is not known: compare it with the CSV template.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('1 of 2 rows can be sent.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send 1 document' })).toBeDisabled();
    expect(callsTo(fetchMock, PREVIEW)).toEqual([{ csv: CSV }]);
    expect(callsTo(fetchMock, START)).toEqual([]);
  });

  it('says how many problems and rows the server did not list, and a header too wide for the template', async () => {
    const listed = Array.from({ length: 100 }, (_, i) => row(i + 2, `x${i}`, { 'Tenant email': 'email' }));
    mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () =>
        preview(listed, {
          fileProblems: [
            { problem: 'tooManyColumns', count: 5001, max: 4 },
            { problem: 'missingColumn', column: 'rent' },
          ],
          fileProblemCount: 140,
          rowCount: 250,
          validRows: 0,
        }),
    });
    open();
    await paste(CSV);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'The header has 5001 columns, but this template uses at most 4: remove the columns it does not use.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('And 138 more problems.')).toBeInTheDocument();
    expect(within(dialog).getByText('0 of 250 rows can be sent.')).toBeInTheDocument();
    expect(within(dialog).getByText('And 150 more rows, not listed here.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send 0 documents' })).toBeDisabled();
  });

  it('offers Retry failed rows only to whom the server allows it', async () => {
    mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () => preview([row(2, 'a@example.fi')]),
      [START]: () => ({ status: 'OK', bulkSend: summary({ sent: 0, failed: 0, pending: 1, total: 1 }) }),
      [INFO]: () => ({
        status: 'OK',
        mayRetry: false,
        bulkSend: summary({ status: 'done', sent: 0, failed: 1, total: 1 }),
        rows: [],
      }),
    });
    open();
    await paste('Tenant email,rent\na@example.fi,950\n');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send 1 document' }));
    expect(await within(dialog).findByText('0 sent, 1 failed, 0 to go, of 1.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Retry failed rows' })).not.toBeInTheDocument();
  });

  it('shows the cost and the balance after, starts, and follows the progress with Retry failed rows', async () => {
    let retried = false;
    const fetchMock = mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () => preview([row(2, 'a@example.fi'), row(3, 'b@example.fi')]),
      [START]: () => ({ status: 'OK', bulkSend: summary({ sent: 0, failed: 0, pending: 2 }) }),
      [INFO]: () => ({
        status: 'OK',
        mayRetry: true,
        bulkSend: summary(retried ? { failed: 0, pending: 1 } : { status: 'done' }),
        rows: [
          {
            line: 2,
            name: 'Lease 2',
            emails: ['a@example.fi'],
            status: 'sent',
            documentId: DOC,
            error: null,
          },
          {
            line: 3,
            name: 'Lease 3',
            emails: ['b@example.fi'],
            status: retried ? 'pending' : 'failed',
            documentId: null,
            error: retried ? null : { code: 'LIMIT_LOW_BALANCE' },
          },
        ],
      }),
      [RETRY]: () => {
        retried = true;
        return { status: 'OK', bulkSend: summary({ failed: 0, pending: 1 }) };
      },
    });
    open();
    await paste(CSV);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Cost €1.00 (€0.50 per document).')).toBeInTheDocument();
    expect(within(dialog).getByText('Balance €10.00; after sending €9.00.')).toBeInTheDocument();
    expect(within(dialog).getByText(/2 e-mails; the organization may send 200 an hour/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 2 documents' }));
    expect(await within(dialog).findByText('1 sent, 1 failed, 0 to go, of 2.')).toBeInTheDocument();
    expect(within(dialog).getByText('Failed: The balance ran out', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Lease 2' })).toHaveAttribute('href', `/document/${DOC}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry failed rows' }));
    await waitFor(() => expect(callsTo(fetchMock, RETRY)).toHaveLength(1));
    expect(await within(dialog).findByText('1 sent, 0 failed, 1 to go, of 2.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Retry failed rows' })).not.toBeInTheDocument();
  });

  it('refreshes the balance (cached under plan) as rows are sent, not on every poll', async () => {
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    let sent = 0;
    mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () => preview([row(2, 'a@example.fi'), row(3, 'b@example.fi')]),
      [START]: () => ({ status: 'OK', bulkSend: summary({ sent: 0, failed: 0, pending: 2 }) }),
      [INFO]: () => {
        sent = Math.min(sent + 1, 2);
        const done = sent === 2;
        return {
          status: 'OK',
          mayRetry: true,
          bulkSend: summary({ sent, failed: 0, pending: 2 - sent, status: done ? 'done' : 'running' }),
          rows: [],
        };
      },
    });
    open();
    await paste(CSV);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send 2 documents' }));
    expect(
      await within(dialog).findByText('2 sent, 0 failed, 0 to go, of 2.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    const planRefreshes = invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'plan');
    expect(planRefreshes).toHaveLength(2);
  }, 15_000);

  it('shows a refused start by its reason', async () => {
    mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () => preview([row(2, 'a@example.fi')]),
      [START]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'BULK_SEND_RUNNING',
        message: 'Another bulk send of this organization is still running.',
      }),
    });
    open();
    await paste('Tenant email,rent\na@example.fi,950\n');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send 1 document' }));
    expect(
      await within(dialog).findByText(
        'Another bulk send of this organization is still running. Start this one when it has finished.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the wait for the e-mail limit in the progress', async () => {
    mockApi({
      [FIELDS]: fields,
      [PREVIEW]: () => preview([row(2, 'a@example.fi')]),
      [START]: () => ({ status: 'OK', bulkSend: summary() }),
      [INFO]: () => ({
        status: 'OK',
        mayRetry: true,
        bulkSend: summary({
          sent: 0,
          failed: 0,
          pending: 1,
          total: 1,
          waitingUntil: '2026-06-01T10:30:00.000Z',
        }),
        rows: [
          {
            line: 2,
            name: 'Lease 2',
            emails: ['a@example.fi'],
            status: 'created',
            documentId: DOC,
            error: null,
          },
        ],
      }),
    });
    open();
    await paste('Tenant email,rent\na@example.fi,950\n');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send 1 document' }));
    expect(
      await within(dialog).findByText('Waiting for the e-mail limit until 1 Jun 2026, 13:30.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Preparing')).toBeInTheDocument();
  });
});
