import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { mockPhoneWidth, phoneCard } from '../../../test/phone';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { CURRENT, OTHER, currentSessionReplies, signIn, twoSessionsReplies } from '../test/fixtures';
import { SessionsSection } from './SessionsSection';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  mockPhoneWidth();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const open = () => renderAt(<SessionsSection />, { path: '/profile/sessions' });

/** The card (list item) of the list `list` whose text includes `device`. */
const card = (list: string, device: string) =>
  phoneCard(list, (c) => c.textContent?.includes(device) ?? false);

describe('Profile → Sessions on a 390 px phone (issue 12 item 9)', () => {
  it.each([
    [
      'en',
      'Active sessions',
      'This device',
      'IP address:',
      'Unknown',
      'Last used:',
      '5 minutes ago',
      'Expires:',
      'End session',
    ],
    [
      'fi',
      'Aktiiviset istunnot',
      'Tämä laite',
      'IP-osoite:',
      'Tuntematon',
      'Viimeksi käytetty:',
      'viisi minuuttia sitten',
      'Vanhenee:',
      'Päätä istunto',
    ],
  ] as const)(
    '%s: one card per session with device, state, IP, last use, expiry and End session, no table',
    async (lang, list, thisDevice, ip, unknown, lastUsed, ago, expires, end) => {
      await act(() => changeLanguage(lang));
      mockApi(twoSessionsReplies());
      open();
      const current = await card(list, 'Firefox on Linux');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: list })).getAllByRole('listitem')).toHaveLength(2);
      expect(current).toHaveTextContent(thisDevice);
      expect(current).toHaveTextContent(`${ip}127.0.0.1`);
      expect(
        within(current).getByRole('button', {
          name: `${end}: Firefox on Linux, ${thisDevice.toLowerCase()}`,
        }),
      ).toBeInTheDocument();

      const other = await card(list, 'Safari on iPhone');
      expect(other).not.toHaveTextContent(thisDevice);
      expect(other).toHaveTextContent(`${ip}${unknown}`);
      expect(other).toHaveTextContent(`${lastUsed}${ago}`);
      expect(other).toHaveTextContent(new RegExp(`${expires}\\S`));
      expect(
        within(other).getByRole('button', {
          name: new RegExp(`^${end}: Safari on iPhone, ${lastUsed.slice(0, -1).toLowerCase()} \\d`),
        }),
      ).toBeInTheDocument();
    },
  );

  it("ends another session from its card's End session button, by keyboard, after confirmation", async () => {
    const fetchMock = mockApi(twoSessionsReplies());
    open();
    const other = await card('Active sessions', 'Safari on iPhone');
    within(other)
      .getByRole('button', { name: /^End session: Safari on iPhone, last used / })
      .focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('The session on Safari on iPhone will be ended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));

    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, `GET /api/authentication/invalidate/${OTHER}`)).toHaveLength(1);
    expect(callsTo(fetchMock, `GET /api/authentication/invalidate/${CURRENT}`)).toHaveLength(0);
    expect(showSuccess).toHaveBeenCalledWith('Session ended.');
    expect(await card('Active sessions', 'Firefox on Linux')).toBeInTheDocument();
  });

  it('ending the current session from its card signs out here', async () => {
    mockApi(currentSessionReplies());
    open();
    const current = await card('Active sessions', 'Firefox on Linux');
    await userEvent.click(
      within(current).getByRole('button', { name: 'End session: Firefox on Linux, this device' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This is the device you are using now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin');
    expect(localStorage.getItem('sinetti.session')).toBeNull();
  });
});
