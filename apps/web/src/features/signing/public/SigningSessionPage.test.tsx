import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCode, ErrorReason } from '@sinetti/contract';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { SigningSessionPage } from './SigningSessionPage';
import { sessionReply } from '../test/session';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

// pdf.js is not run here (jsdom has no canvas; PdfPages.test.tsx covers it): the stub fetches the PDF
// through the page's loader once per source, as the real one does, and reports it read.
type Pages = { sourceKey: string; load: (s: AbortSignal) => Promise<ArrayBuffer>; onLoaded: () => void };
vi.mock('./PdfPages', () => ({
  PdfPages: ({ sourceKey, load, onLoaded }: Pages) => {
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per source, like PdfPages
    useEffect(() => void load(new AbortController().signal).then(onLoaded), [sourceKey]);
    return <p data-testid="pdf" />;
  },
}));

const T = 's'.repeat(43);
const SESSION = `GET /api/signing/session/${T}`;
const PDF = `GET /api/signing/session/${T}/pdf`;
const HEARTBEAT = `POST /api/signing/session/${T}/heartbeat`;
const DECLINE = `POST /api/signing/session/${T}/decline`;
const SIGN = `POST /api/signing/session/${T}/sign`;

afterEach(async () => {
  vi.useRealTimers();
  resetTestState();
  await changeLanguage('en');
});

const session = (overrides: Record<string, unknown> = {}) => sessionReply(overrides);

/** The server's refusal with a reason; the English message is never shown (the page reads the reason). */
const refusal = (reason: ErrorReason, code: ErrorCode = 'CONFLICT') => ({
  status: 'ERROR',
  code,
  reason,
  message: 'Server words that are never shown.',
});

const show = () =>
  renderAt(<SigningSessionPage sessionToken={T} />, {
    path: '/public/session/:sessionToken',
    url: `/public/session/${T}`,
  });

/** The page shown again (back from another tab or app): the hook beats at once, as it does every minute. */
const pageShown = () => act(() => void window.dispatchEvent(new Event('pageshow')));

/** The page opens on its document (in `lang`), then its next heartbeat (sent as it shows again) is refused. */
async function openThenRefused(reason: ErrorReason, lang: 'en' | 'fi' = 'en') {
  mockApi({
    [SESSION]: () => session({ lang }),
    [PDF]: () => ({}),
    [HEARTBEAT]: () => refusal(reason),
  });
  show();
  await screen.findByRole('heading', {
    name: lang === 'fi' ? 'Allekirjoita ”Lease.pdf”' : 'Sign “Lease.pdf”',
  });
  pageShown();
}

/** Nothing of the signing itself is left: no action bar, no Sign. */
function expectNoSigning() {
  expect(screen.queryByRole('region', { name: 'Signing actions' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
}

describe('the signing page (SPEC §4.2, issue 12)', () => {
  it('normal: the document, the steps and the action bar; Sign waits until every step is done', async () => {
    const fetchMock = mockApi({ [SESSION]: () => session(), [PDF]: () => ({}) });
    show();
    expect(await screen.findByRole('heading', { name: 'Sign “Lease.pdf”' })).toBeInTheDocument();
    expect(screen.getByText('Signing as Liisa Laine (liisa@example.com)')).toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Signing actions' });
    const steps = within(bar).getByRole('list', { name: 'Signing steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Read'),
      expect.stringContaining('Confirm code'),
      expect.stringContaining('Sign'),
    ]);
    expect(within(bar).getByRole('button', { name: 'Sign' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Decline to sign' })).toBeInTheDocument();
    // Once the PDF is read the code is the step, and its (lazily loaded) form is there.
    await waitFor(() =>
      expect(within(steps).getByText('Confirm code').closest('li')).toHaveAttribute('aria-current', 'step'),
    );
    expect(callsTo(fetchMock, PDF)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Send code by e-mail' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /I have read the document/ })).not.toBeChecked();
    expect(within(bar).getByRole('button', { name: 'Sign' })).toBeDisabled();
  });

  it('normal, in the session’s language: Finnish when the signee’s session is Finnish', async () => {
    mockApi({ [SESSION]: () => session({ lang: 'fi' }), [PDF]: () => ({}) });
    show();
    expect(await screen.findByRole('heading', { name: 'Allekirjoita ”Lease.pdf”' })).toBeInTheDocument();
    expect(currentLanguage()).toBe('fi');
    const bar = screen.getByRole('region', { name: 'Allekirjoitustoiminnot' });
    expect(within(bar).getByRole('button', { name: 'Allekirjoita' })).toBeDisabled();
  });

  it('declined by another signee while open: says so and names the document', async () => {
    await openThenRefused('SIGNING_DECLINED');
    expect(await screen.findByRole('heading', { name: 'Signing declined' })).toBeInTheDocument();
    expect(screen.getByText(/declined to sign “Lease.pdf”, so the signing has ended/)).toBeInTheDocument();
    expectNoSigning();
  });

  it('declined before the page opened: the declined page, not an ended session', async () => {
    mockApi({ [SESSION]: () => refusal('SIGNING_DECLINED') });
    show();
    expect(await screen.findByRole('heading', { name: 'Signing declined' })).toBeInTheDocument();
    // No session, so no document name: the text says "this document" rather than quoting nothing.
    expect(screen.getByText(/declined to sign this document, so the signing has ended/)).toBeInTheDocument();
    expect(screen.queryByText(/“”/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The signing session has ended' })).not.toBeInTheDocument();
    expectNoSigning();
  });

  it('declined here: the signee’s own decline ends the page', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session(),
      [PDF]: () => ({}),
      [DECLINE]: () => ({ status: 'OK' }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Reason/ }), { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'Signing declined' })).toBeInTheDocument();
    expect(callsTo(fetchMock, DECLINE)).toEqual([{ reason: 'No' }]);
    expectNoSigning();
  });

  it('idle: the lock went to another signee, so the page says the signee was away', async () => {
    await openThenRefused('SIGNING_SESSION_IDLE');
    expect(await screen.findByRole('heading', { name: 'The signing session has ended' })).toBeInTheDocument();
    expect(
      screen.getByText(/You were away for a while and another signee started signing/),
    ).toBeInTheDocument();
    expectNoSigning();
  });

  it.each([
    ['SIGNING_SESSION_EXPIRED', 'CONFLICT', 'Your time for signing ran out.'],
    ['SIGNING_SESSION_REPLACED', 'CONFLICT', 'This signing was opened again elsewhere.'],
    ['SIGNING_LINK_INVALID', 'NOT_FOUND', 'This signing link is no longer valid.'],
    ['SIGNING_EXPIRED', 'CONFLICT', 'The time for signing this document has ended.'],
  ] as const)('ended before it opened (%s): says why, in its own words', async (reason, code, text) => {
    mockApi({ [SESSION]: () => refusal(reason, code) });
    show();
    expect(await screen.findByRole('heading', { name: 'The signing session has ended' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByText(/Server words/)).not.toBeInTheDocument();
    expectNoSigning();
  });

  it.each([
    [
      'en',
      'The signing was cancelled',
      'The sender has cancelled the signing of this document.',
      /ended|60|ran out/,
    ],
    [
      'fi',
      'Allekirjoitus on peruttu',
      'Lähettäjä on peruuttanut tämän asiakirjan allekirjoituksen.',
      /päättyi|päättynyt|60|loppui/,
    ],
  ] as const)(
    'cancelled by the sender while open (%s): never claims the time ran out',
    async (lang, title, text, timedOut) => {
      await openThenRefused('SIGNING_CANCELLED', lang);
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByText(timedOut)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^(Sign|Allekirjoita)$/ })).not.toBeInTheDocument();
    },
  );

  it('cancelled before it opened: the cancelled page, not an ended session', async () => {
    mockApi({ [SESSION]: () => refusal('SIGNING_CANCELLED') });
    show();
    expect(await screen.findByRole('heading', { name: 'The signing was cancelled' })).toBeInTheDocument();
    expect(screen.queryByText(/ended|60 minutes|ran out/)).not.toBeInTheDocument();
    expectNoSigning();
  });

  it('past its end time: explains the 60 minutes instead of showing the document', async () => {
    mockApi({ [SESSION]: () => session({ expiresAt: new Date(Date.now() - 1000).toISOString() }) });
    show();
    expect(await screen.findByRole('heading', { name: 'The signing session has ended' })).toBeInTheDocument();
    expect(screen.getByText(/A signing session lasts 60 minutes/)).toBeInTheDocument();
    expectNoSigning();
  });

  it('ends by itself when its end time passes while it is open (in Finnish too)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      [SESSION]: () => session({ lang: 'fi', expiresAt: new Date(Date.now() + 5_000).toISOString() }),
      [PDF]: () => ({}),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Allekirjoita ”Lease.pdf”' })).toBeInTheDocument();
    // The page checks the end time every 15 seconds.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(
      await screen.findByRole('heading', { name: 'Allekirjoitusistunto on päättynyt' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Allekirjoitusistunto kestää 60 minuuttia/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Allekirjoitustoiminnot' })).not.toBeInTheDocument();
  });

  it('the round expires just as Sign is pressed: the ended page, not an error beside the button', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session({ codeVerified: true }),
      [PDF]: () => ({}),
      [SIGN]: () => refusal('SIGNING_EXPIRED'),
    });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: 'Type' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your name as your signature' }), {
      target: { value: 'Liisa Laine' },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /I have read the document/ }));
    const sign = screen.getByRole('button', { name: 'Sign' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    expect(await screen.findByRole('heading', { name: 'The signing session has ended' })).toBeInTheDocument();
    expect(screen.getByText(/The time for signing this document has ended./)).toBeInTheDocument();
    expect(callsTo(fetchMock, SIGN)).toHaveLength(1);
    expectNoSigning();
  });

  it('already signed: says so, no action bar', async () => {
    mockApi({ [SESSION]: () => session({ signed: true }) });
    show();
    expect(await screen.findByRole('heading', { name: 'Already signed' })).toBeInTheDocument();
    expect(screen.getByText('You have already signed this document.')).toBeInTheDocument();
    expectNoSigning();
  });
});
