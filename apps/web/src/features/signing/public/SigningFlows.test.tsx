import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  signeeIdentification,
  signingFlow,
  signingMethodId,
  type SigneeIdentification,
  type SigningFlow,
} from '@sinetti/contract';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { sessionForReturn } from '../lib/provider-return';
import { SigningSessionPage } from './SigningSessionPage';
import { sessionReply } from '../test/session';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

// As in SigningSessionPage.test.tsx: the PDF is fetched once and reported read, without pdf.js.
type Pages = { sourceKey: string; load: (s: AbortSignal) => Promise<ArrayBuffer>; onLoaded: () => void };
vi.mock('./PdfPages', () => ({
  PdfPages: ({ sourceKey, load, onLoaded }: Pages) => {
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per source, like PdfPages
    useEffect(() => void load(new AbortController().signal).then(onLoaded), [sourceKey]);
    return <p data-testid="pdf" />;
  },
}));

const T = 'e'.repeat(43);
const SESSION = `GET /api/signing/session/${T}`;
const PDF = `GET /api/signing/session/${T}/pdf`;
const IDENTIFY = `POST /api/signing/session/${T}/identify`;
const REMOTE = `POST /api/signing/session/${T}/remote-sign`;
const SIGN = `POST /api/signing/session/${T}/sign`;
const LEAVE = `POST /api/signing/session/${T}/leave`;
const PROVIDER = 'http://localhost:3000/test-eid/authorize?client_id=sinetti&state=st4te&nonce=n';
const QTSP = 'http://localhost:3000/test-csc/oauth2/authorize?state=qtsp-st4te&scope=credential';

let goTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(async () => {
  resetTestState();
  sessionStorage.clear();
  await changeLanguage('en');
});

const identification = (nameMatches = true): SigneeIdentification =>
  signeeIdentification.parse({
    method: 'fi-trust-network',
    methodName: 'FTN (FI)',
    name: nameMatches ? 'Liisa Laine' : 'Liisa Maria Virtanen',
    nameMatches,
    provider: 'localhost',
    test: true,
    at: '2026-11-28T18:00:00.000Z',
  });

/** The session reply of a signee of `flow`; its new fields checked against the contract's schemas. */
function session(flow: SigningFlow, found: SigneeIdentification | null = null, lang = 'en') {
  const eid = flow === 'eid';
  return sessionReply(
    { flow: signingFlow.parse(flow), identification: found, lang },
    {
      level: eid ? 10 : 20,
      method: signingMethodId.parse(eid ? 'fi-trust-network' : 'de-sign-me'),
      methodName: eid ? 'FTN (FI)' : 'D-Trust sign-me (DE)',
      methodTest: true,
    },
  );
}

const show = () =>
  renderAt(<SigningSessionPage sessionToken={T} />, {
    path: '/public/session/:sessionToken',
    url: `/public/session/${T}`,
  });

const stepsText = () =>
  within(screen.getByRole('list', { name: /Signing steps|Allekirjoituksen vaiheet/ }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function typeAndConfirm() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Type' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Your name as your signature' }), {
    target: { value: 'Liisa Laine' },
  });
  fireEvent.click(await screen.findByRole('checkbox', { name: /I have read the document/ }));
}

describe('flow eid: identify with an eID, then sign (issue #29)', () => {
  it('read → identify → sign; no e-mailed code; Identify keeps the session under the state and leaves', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session('eid'),
      [PDF]: () => ({}),
      [IDENTIFY]: () => ({ status: 'OK', redirectUrl: PROVIDER }),
    });
    show();
    await screen.findByRole('heading', { name: 'Sign “Lease.pdf”' });
    expect(stepsText()).toEqual([
      expect.stringContaining('Read'),
      expect.stringContaining('Identify'),
      expect.stringContaining('Sign'),
    ]);
    const identify = await screen.findByRole('button', { name: 'Identify with FTN (FI)' });
    expect(screen.getByText('TEST')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code by e-mail' })).not.toBeInTheDocument();
    await typeAndConfirm();
    expect(screen.getByRole('button', { name: 'Sign' })).toBeDisabled();
    fireEvent.click(identify);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(PROVIDER));
    expect(sessionForReturn('st4te')).toBe(T);
    expect(callsTo(fetchMock, IDENTIFY)).toHaveLength(1);
    // Leaving for the provider is not leaving the signing: the document stays held meanwhile.
    window.dispatchEvent(new Event('pagehide'));
    expect(callsTo(fetchMock, LEAVE)).toEqual([]);
    // Back through the history (the page restored), closing it frees the document as before.
    window.dispatchEvent(new Event('pageshow'));
    window.dispatchEvent(new Event('pagehide'));
    expect(callsTo(fetchMock, LEAVE)).toHaveLength(1);
  });

  it('identified: says as whom and signs with the normal sign call', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session('eid', identification()),
      [PDF]: () => ({}),
      [SIGN]: () => ({
        status: 'OK',
        redirect: '/public/signing/success/00000000-0000-4000-8000-0000000000d1',
      }),
    });
    show();
    expect(await screen.findByText('Identified as Liisa Laine with FTN (FI)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Identify with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await typeAndConfirm();
    const sign = screen.getByRole('button', { name: 'Sign' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    await waitFor(() => expect(callsTo(fetchMock, SIGN)).toHaveLength(1));
    expect(callsTo(fetchMock, SIGN)[0]).toEqual({
      signature: { kind: 'typed', text: 'Liisa Laine' },
      intent: true,
    });
  });

  it.each([
    [
      'en',
      'The verified name Liisa Maria Virtanen differs from the name the sender entered, Liisa Laine. Both names are shown with your signature.',
    ],
    [
      'fi',
      'Vahvistettu nimi Liisa Maria Virtanen poikkeaa lähettäjän antamasta nimestä Liisa Laine. Molemmat nimet näytetään allekirjoituksesi yhteydessä.',
    ],
  ] as const)('%s: a verified name that differs is shown beside the entered one', async (lang, note) => {
    mockApi({ [SESSION]: () => session('eid', identification(false), lang), [PDF]: () => ({}) });
    show();
    expect(await screen.findByRole('note')).toHaveTextContent(note);
  });

  it('a provider that cannot be reached is said from the reason; the signee stays and can try again', async () => {
    mockApi({
      [SESSION]: () => session('eid'),
      [PDF]: () => ({}),
      [IDENTIFY]: () => ({
        status: 'ERROR',
        code: 'UNAVAILABLE',
        reason: 'PROVIDER_UNAVAILABLE',
        message: 'Server words never shown',
      }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Identify with FTN (FI)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The identification or signing service cannot be reached right now. Try again shortly.',
    );
    expect(goTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Identify with FTN (FI)' })).toBeEnabled();
  });

  it('Finnish: the identify button and step in Finnish', async () => {
    mockApi({ [SESSION]: () => session('eid', null, 'fi'), [PDF]: () => ({}) });
    show();
    expect(await screen.findByRole('button', { name: 'Tunnistaudu: FTN (FI)' })).toBeInTheDocument();
    expect(screen.getByText('TESTI')).toBeInTheDocument();
    expect(stepsText()[1]).toContain('Tunnistaudu');
  });
});

describe('flow qtsp: sign here, then authorize at the QTSP (issue #29)', () => {
  it('read → sign; "Sign with" the method sends the signature to remote-sign and leaves for the QTSP', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session('qtsp'),
      [PDF]: () => ({}),
      [REMOTE]: () => ({ status: 'OK', redirectUrl: QTSP }),
    });
    show();
    await screen.findByRole('heading', { name: 'Sign “Lease.pdf”' });
    expect(stepsText()).toEqual([expect.stringContaining('Read'), expect.stringContaining('Sign')]);
    expect(screen.queryByRole('button', { name: 'Send code by e-mail' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/D-Trust sign-me \(DE\) asks you to authorize the signature/),
    ).toBeInTheDocument();
    await typeAndConfirm();
    const sign = screen.getByRole('button', { name: 'Sign with D-Trust sign-me (DE)' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(QTSP));
    expect(callsTo(fetchMock, REMOTE)).toEqual([
      { signature: { kind: 'typed', text: 'Liisa Laine' }, intent: true },
    ]);
    expect(callsTo(fetchMock, SIGN)).toEqual([]);
    expect(sessionForReturn('qtsp-st4te')).toBe(T);
  });

  it('a QTSP that cannot be reached is said beside the button, from the reason', async () => {
    mockApi({
      [SESSION]: () => session('qtsp'),
      [PDF]: () => ({}),
      [REMOTE]: () => ({
        status: 'ERROR',
        code: 'UNAVAILABLE',
        reason: 'PROVIDER_UNAVAILABLE',
        message: 'x',
      }),
    });
    show();
    await typeAndConfirm();
    const sign = screen.getByRole('button', { name: 'Sign with D-Trust sign-me (DE)' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    expect(
      await screen.findByText(
        'The identification or signing service cannot be reached right now. Try again shortly.',
      ),
    ).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });
});
