import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@sinetti/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signIn } from '../test/fixtures';
import { NotificationsSection } from './NotificationsSection';

beforeEach(signIn);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const SETTINGS = 'GET /api/notifications/settings';
const SAVE = 'PUT /api/notifications/settings';
const open = () => renderAt(<NotificationsSection />);

describe('Profile → Notifications', () => {
  it('shows each event with its in-app and e-mail choice, and saves a change', async () => {
    const fetchMock = mockApi({
      [SETTINGS]: () => ({ status: 'OK', settings: DEFAULT_NOTIFICATION_SETTINGS }),
      [SAVE]: () => ({ status: 'OK' }),
    });
    open();
    const signedByMail = await screen.findByRole('checkbox', {
      name: 'By e-mail: A signee signs a document you sent',
    });
    expect(signedByMail).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'In the app: A signee signs a document you sent' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'By e-mail: Everyone has signed a document you sent' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: "By e-mail: An organization's balance runs low (under €10.00)" }),
    ).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(signedByMail);
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'In the app: A document is shared with your role' }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'One daily digest instead of single e-mails' }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(callsTo(fetchMock, SAVE)).toHaveLength(1));
    expect(callsTo(fetchMock, SAVE)[0]).toEqual({
      settings: {
        digest: true,
        kinds: {
          ...DEFAULT_NOTIFICATION_SETTINGS.kinds,
          'signee-signed': { inApp: true, email: true },
          'document-shared': { inApp: false, email: false },
        },
      },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('undoes unsaved changes, in Finnish too', async () => {
    await changeLanguage('fi');
    mockApi({ [SETTINGS]: () => ({ status: 'OK', settings: DEFAULT_NOTIFICATION_SETTINGS }) });
    open();
    const digest = await screen.findByRole('switch', {
      name: 'Yksi päivittäinen kooste yksittäisten sähköpostien sijaan',
    });
    expect(screen.getByText(/kerran päivässä klo 8.00 alkaen Suomen aikaa/)).toBeInTheDocument();
    await userEvent.click(digest);
    expect(digest).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Peru muutokset' }));
    expect(digest).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Tallenna' })).toBeDisabled();
  });

  it('offers to try again when the settings could not be loaded', async () => {
    mockApi({ [SETTINGS]: () => ({ status: 'ERROR', code: 'INTERNAL', message: 'x' }) });
    open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
