import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEntry } from '@sinetti/contract';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { DOC_ID, makeDocument, makeSignee, memberReplies } from '../test/fixtures';
import { AUDIT_PAGE, AuditPanel } from './AuditPanel';
import { SigneesPanel } from './SigneesPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const TIMELINE = `GET /api/signing/timeline/${DOC_ID}`;
const AUDIT = `GET /api/signing/audit/${DOC_ID}`;
const LIISA = makeSignee({ status: 'signed' });
const BEN = makeSignee({ id: '00000000-0000-4000-8000-0000000000e2', fullName: 'Ben Berg', email: 'b@x.fi' });

beforeEach(() => signInAs());
afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

/** 2025-03-01 10:00 UTC plus `minutes`: 12:00 in Helsinki (UTC+2 in March). */
const at = (minutes: number) => new Date(Date.UTC(2025, 2, 1, 10, minutes)).toISOString();
const entry = (type: string, minutes: number, count = 1, last = minutes): TimelineEntry => ({
  type,
  at: at(minutes),
  lastAt: at(last),
  count,
});

function openSignees(events: Record<string, TimelineEntry[]>) {
  const fetchMock = mockApi({
    ...memberReplies([LIISA, BEN], { editSignees: false }),
    [TIMELINE]: () => ({
      status: 'OK',
      signees: Object.entries(events).map(([signeeId, list]) => ({ signeeId, events: list })),
    }),
  });
  renderAt(<SigneesPanel document={makeDocument({ state: 20 })} />);
  return fetchMock;
}

describe('signee timeline (issue 12 item 6)', () => {
  it('shows the latest step in Helsinki time and opens every step, each kind by its label', async () => {
    openSignees({
      [LIISA.id]: [
        entry('sent', 0),
        entry('opened', 5, 2, 9),
        entry('viewed', 10),
        entry('code-verified', 12),
        entry('signed', 15),
      ],
      [BEN.id]: [entry('sent', 0), entry('signee.reminded', 30), entry('signee.teleported', 31)],
    });
    const rows = await screen.findAllByTestId('timeline-latest');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Signed · 1 Mar 2025, 12:15',
      'Other event · 1 Mar 2025, 12:31',
    ]);
    const toggle = screen.getByRole('button', { name: 'Show the 5 steps of Liisa Laine' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const steps = within(screen.getByRole('list', { name: 'Steps of Liisa Laine' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Sent for signing 1 Mar 2025, 12:00',
      'Opened the signing link (2 times) 1 Mar 2025, 12:05 – 1 Mar 2025, 12:09',
      'Viewed the document 1 Mar 2025, 12:10',
      'Confirmed the e-mail code 1 Mar 2025, 12:12',
      'Signed 1 Mar 2025, 12:15',
    ]);
    expect(screen.getByRole('button', { name: 'Hide the steps of Liisa Laine' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show the 3 steps of Ben Berg' }));
    expect(
      within(screen.getByRole('list', { name: 'Steps of Ben Berg' })).getByText('Reminded'),
    ).toBeInTheDocument();
  });

  it('reads in Finnish, a decline included', async () => {
    await changeLanguage('fi');
    openSignees({ [BEN.id]: [entry('sent', 0), entry('signee.declined', 20)] });
    expect(await screen.findByTestId('timeline-latest')).toHaveTextContent(
      'Kieltäytyi allekirjoittamasta · 01.03.2025 12.20',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Näytä allekirjoittajan Ben Berg 2 vaihetta' }));
    expect(screen.getByText('Lähetetty allekirjoitettavaksi')).toBeInTheDocument();
  });

  it('shows no steps for a signee the trail does not mention', async () => {
    openSignees({ [LIISA.id]: [entry('sent', 0)] });
    expect(await screen.findByTestId('timeline-latest')).toHaveTextContent('Sent for signing');
    expect(screen.getAllByTestId('timeline-latest')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /steps of/ })).not.toBeInTheDocument();
  });
});

const auditEvent = (seq: number, type: string, actor: { kind: string; label: string | null }) => ({
  seq,
  type,
  at: at(seq),
  actor: { id: null, ...actor },
  ip: '10.0.0.1',
  userAgent: 'UA',
  signeeId: null,
  data: {},
  prevHash: '0'.repeat(64),
  hash: '1'.repeat(64),
});

function openAudit(events: ReturnType<typeof auditEvent>[], valid = true, state = 30) {
  const fetchMock = mockApi({
    ...memberReplies([LIISA]),
    [AUDIT]: () => ({
      status: 'OK',
      events,
      chain: valid
        ? { valid: true, length: events.length, brokenAt: null, reason: null }
        : { valid: false, length: events.length, brokenAt: 2, reason: 'x' },
    }),
  });
  renderAt(<AuditPanel document={makeDocument({ state })} />);
  return fetchMock;
}

describe('audit panel (issue 12 item 6)', () => {
  it('is collapsed and unread until opened; then lists who did what when, and that the chain is intact', async () => {
    const fetchMock = openAudit([
      auditEvent(1, 'sent', { kind: 'member', label: 'Olga Owner' }),
      auditEvent(2, 'signed', { kind: 'signee', label: 'Liisa Laine' }),
      auditEvent(3, 'completed', { kind: 'system', label: 'Sinetti' }),
      auditEvent(4, 'round.mystery', { kind: 'system', label: null }),
      auditEvent(5, 'downloaded', { kind: 'visitor', label: null }),
    ]);
    const show = await screen.findByRole('button', { name: 'Show' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(callsTo(fetchMock, AUDIT)).toHaveLength(0);
    show.focus();
    fireEvent.click(show);
    const list = await screen.findByRole('list', { name: 'Audit trail' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sent for signing1 Mar 2025, 12:01 · Olga Owner',
      'Signed1 Mar 2025, 12:02 · Liisa Laine',
      'Signed by everyone and sealed1 Mar 2025, 12:03 · Sinetti',
      'Other event1 Mar 2025, 12:04 · Sinetti',
      'Signed file downloaded1 Mar 2025, 12:05 · Someone with a share link',
    ]);
    expect(screen.getByText('Intact: all 5 events are recorded unchanged.')).toBeInTheDocument();
    // Addresses and user agents are for the certificate, not this panel.
    expect(screen.queryByText(/10\.0\.0\.1/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('list', { name: 'Audit trail' })).not.toBeInTheDocument();
  });

  it('pages a long trail and says when the chain is broken, in Finnish', async () => {
    await changeLanguage('fi');
    const many = Array.from({ length: AUDIT_PAGE + 3 }, (_, i) =>
      auditEvent(i + 1, 'viewed', { kind: 'signee', label: 'Liisa Laine' }),
    );
    openAudit(many, false);
    fireEvent.click(await screen.findByRole('button', { name: 'Näytä' }));
    const list = await screen.findByRole('list', { name: 'Tapahtumaloki' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE);
    expect(
      screen.getByText('Eheystarkistus epäonnistui tapahtuman 2 kohdalla: lokia on muutettu.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Näytä 3 tapahtumaa lisää' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE + 3));
    expect(screen.queryByRole('button', { name: /lisää/ })).not.toBeInTheDocument();
  });

  it('is not shown for a draft that was never sent', async () => {
    mockApi({ ...memberReplies([LIISA]) });
    renderAt(
      <>
        <p>page</p>
        <AuditPanel document={makeDocument({ state: 1 })} />
      </>,
    );
    await screen.findByText('page');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Audit trail' })).toBeNull());
  });
});
