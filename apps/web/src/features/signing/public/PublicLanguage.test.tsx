import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { PublicLayout } from './PublicLayout';
import { SigningStartPage } from './SigningStartPage';

vi.mock('../../../lib/sounds', () => ({ playSound: vi.fn() }));
vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const TOKEN = 'c'.repeat(43);
const STATUS = `GET /api/signing/status/signee/${TOKEN}`;
const status = {
  status: 'OK',
  locked: false,
  signed: false,
  completed: false,
  documentName: 'Lease',
  signeeName: 'Aino',
  organizationName: 'Acme Ltd',
  lang: 'fi',
};
const FINNISH = 'Aino, sinua pyydetään allekirjoittamaan asiakirja ”Lease”.';

afterEach(async () => {
  await changeLanguage('en');
  resetTestState();
  vi.clearAllMocks();
});

const show = () =>
  renderAt(
    <PublicLayout source={{ token: TOKEN }}>
      <SigningStartPage token={TOKEN} />
    </PublicLayout>,
    { path: '/public/sign/:signee', url: `/public/sign/${TOKEN}` },
  );

describe('the public pages’ English / Suomi switch (issue #31 item 2)', () => {
  it('starts in the signee’s language; the switch changes the texts and <html lang>, and Start follows it', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    const fetchMock = mockApi({
      [STATUS]: () => status,
      [`GET /api/signing/start/${TOKEN}?lang=en`]: () => ({
        status: 'OK',
        signingUrl: `${window.location.origin}/public/session/${'d'.repeat(43)}`,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    });
    show();
    expect(await screen.findByText(FINNISH)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fi');
    const group = within(screen.getByRole('banner')).getByRole('radiogroup', { name: 'Sivun kieli' });
    const english = within(group).getByRole('radio', { name: 'English' });
    expect(within(group).getByRole('radio', { name: 'Suomi' })).toBeChecked();

    fireEvent.click(english);
    expect(await screen.findByText(/Aino, you have been asked to sign/)).toBeInTheDocument();
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(within(screen.getByRole('banner')).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(localStorage.getItem('sinetti.publicLanguage')).toBe('"en"');

    fireEvent.click(screen.getByRole('button', { name: 'Start signing' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`/public/session/${'d'.repeat(43)}?lang=en`));
    expect(callsTo(fetchMock, `GET /api/signing/start/${TOKEN}?lang=en`)).toHaveLength(1);
  });

  it('starts the session in the signee’s language, not the browser’s: the code e-mail follows it (issue #31)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    const START = `GET /api/signing/start/${TOKEN}?lang=fi`;
    const fetchMock = mockApi({
      [STATUS]: () => status,
      [START]: () => ({
        status: 'OK',
        signingUrl: `${window.location.origin}/public/session/${'d'.repeat(43)}`,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    });
    show();
    expect(await screen.findByText(FINNISH)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aloita allekirjoitus' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(`/public/session/${'d'.repeat(43)}?lang=fi`));
    expect(callsTo(fetchMock, START)).toHaveLength(1);
  });

  it('keeps the visitor’s pick on their next visit, over the signee’s language', async () => {
    localStorage.setItem('sinetti.publicLanguage', '"en"');
    mockApi({ [STATUS]: () => status });
    show();
    expect(await screen.findByText(/Aino, you have been asked to sign/)).toBeInTheDocument();
    expect(screen.queryByText(FINNISH)).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('is one group of native radio buttons (Tab reaches it, arrow keys move between the languages)', async () => {
    mockApi({ [STATUS]: () => ({ ...status, lang: 'en' }) });
    show();
    expect(await screen.findByText(/Aino, you have been asked to sign/)).toBeInTheDocument();
    const radios = within(screen.getByRole('banner')).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).type)).toEqual(['radio', 'radio']);
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
  });
});
