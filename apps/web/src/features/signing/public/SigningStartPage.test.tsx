import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { playSound } from '../../../lib/sounds';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { SigningStartPage } from './SigningStartPage';

vi.mock('../../../lib/sounds', () => ({ playSound: vi.fn() }));
vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const TOKEN = 'a'.repeat(43);
const STATUS = `GET /api/signing/status/signee/${TOKEN}`;
const base = {
  status: 'OK',
  locked: false,
  signed: false,
  completed: false,
  documentName: 'Lease',
  signeeName: 'Liisa',
};

afterEach(async () => {
  await changeLanguage('en');
  vi.useRealTimers();
  resetTestState();
  vi.clearAllMocks();
});

const show = () =>
  renderAt(<SigningStartPage token={TOKEN} />, {
    path: '/public/sign/:signee',
    url: `/public/sign/${TOKEN}`,
  });

describe('SigningStart (SPEC §4.2)', () => {
  it('normal: in the signee’s language from the server, before any click; starts in that language', async () => {
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const fetchMock = mockApi({
      [STATUS]: () => ({ ...base, lang: 'fi' }),
      [`GET /api/signing/start/${TOKEN}?lang=fi`]: () => ({
        status: 'OK',
        signingUrl: `${window.location.origin}/public/session/${'b'.repeat(43)}`,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    });
    show();
    expect(
      await screen.findByText('Liisa, sinua pyydetään allekirjoittamaan asiakirja ”Lease”.'),
    ).toBeInTheDocument();
    // Never shown in English first: the page waits for the language.
    expect(screen.queryByText(/you have been asked/)).not.toBeInTheDocument();
    expect(currentLanguage()).toBe('fi');
    fireEvent.click(screen.getByRole('button', { name: 'Aloita allekirjoitus' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`/public/session/${'b'.repeat(43)}?lang=fi`));
    expect(callsTo(fetchMock, `GET /api/signing/start/${TOKEN}?lang=fi`)).toHaveLength(1);
  });

  it('declined: says the signing ended, no start or decline button', async () => {
    mockApi({ [STATUS]: () => ({ ...base, declined: true }) });
    show();
    expect(await screen.findByRole('heading', { name: 'Signing declined' })).toBeInTheDocument();
    expect(screen.getByText(/declined to sign “Lease”, so the signing has ended/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start signing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline to sign' })).not.toBeInTheDocument();
  });

  it('normal: declining shows the declined page', async () => {
    let declined = false;
    mockApi({
      [STATUS]: () => ({ ...base, declined }),
      [`POST /api/signing/decline/${TOKEN}`]: () => {
        declined = true;
        return { status: 'OK' };
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Reason/ }), { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'Signing declined' })).toBeInTheDocument();
  });

  it('normal: the browser’s language when the server names none; English signee stays English', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fi-FI', 'en']);
    mockApi({ [STATUS]: () => base });
    const first = show();
    expect(await screen.findByRole('button', { name: 'Aloita allekirjoitus' })).toBeInTheDocument();
    first.unmount();
    mockApi({ [STATUS]: () => ({ ...base, lang: 'en' }) });
    show();
    expect(await screen.findByText('Liisa, you have been asked to sign “Lease”.')).toBeInTheDocument();
  });

  it('signed: no start button', async () => {
    mockApi({ [STATUS]: () => ({ ...base, signed: true }) });
    show();
    expect(await screen.findByRole('heading', { name: 'Already signed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start signing' })).not.toBeInTheDocument();
  });

  it('notFound: no start button', async () => {
    mockApi({ [STATUS]: () => ({ status: 'NOT_FOUND', locked: false, signed: false, completed: false }) });
    show();
    expect(await screen.findByRole('heading', { name: 'Signing link not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start signing' })).not.toBeInTheDocument();
  });

  it('locked: checks again every 15 s and plays the notification sound when it unlocks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply = { ...base, locked: true };
    const fetchMock = mockApi({ [STATUS]: () => reply });
    show();
    expect(await screen.findByRole('heading', { name: 'Someone else is signing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start signing' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, STATUS)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(callsTo(fetchMock, STATUS)).toHaveLength(2));
    expect(playSound).not.toHaveBeenCalled();

    reply = { ...base };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('button', { name: 'Start signing' })).toBeInTheDocument();
    // The sound is played from an effect, which may run just after the button is on screen.
    await waitFor(() => expect(playSound).toHaveBeenCalledWith('notification'));
    const calls = callsTo(fetchMock, STATUS).length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(callsTo(fetchMock, STATUS)).toHaveLength(calls);
  });

  it.each([
    ['en', 'The document is locked until 15 Jan 2025, 14:30 at the latest.'],
    ['fi', 'Asiakirja on lukittu viimeistään 15.01.2025 14.30 asti.'],
  ] as const)('%s: locked says until when (Helsinki time)', async (lang, text) => {
    // The page follows the signee's language from the server, not the app's current one.
    mockApi({ [STATUS]: () => ({ ...base, lang, locked: true, lockedUntil: '2025-01-15T12:30:00.000Z' }) });
    show();
    expect(await screen.findByTestId('locked-until')).toHaveTextContent(text);
    await changeLanguage('en');
  });

  it('locked → signed also plays the sound', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply = { ...base, locked: true };
    mockApi({ [STATUS]: () => reply });
    show();
    await screen.findByRole('heading', { name: 'Someone else is signing' });
    reply = { ...base, signed: true };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('heading', { name: 'Already signed' })).toBeInTheDocument();
    await waitFor(() => expect(playSound).toHaveBeenCalledTimes(1));
  });
});
