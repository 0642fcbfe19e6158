import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { pageLoads } from '../../../lib/page-navigation';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { saveDataUrl } from '../lib/files';
import { SigningCompletePage } from './SigningCompletePage';

// jsdom cannot save files: what would be saved is recorded.
vi.mock('../lib/files', () => ({ saveDataUrl: vi.fn() }));

const TOKEN = 'd'.repeat(43);
const STATUS = `GET /api/signing/status/signee/${TOKEN}`;
const SIGNED = `GET /api/signing/download/${TOKEN}`;
const CERTIFICATE = `GET /api/signing/download/certificate/${TOKEN}`;
const completed = {
  status: 'OK',
  locked: false,
  signed: true,
  completed: true,
  documentName: 'Lease.pdf',
  lang: 'en',
};
const file = (name: string) => ({
  status: 'OK',
  source: 'data:application/pdf;base64,JVBERi0xLjc=',
  name,
  sha256: 'a'.repeat(64),
});

afterEach(async () => {
  // Unmounted first: a page still mounted would follow the address and language reset below.
  cleanup();
  window.history.replaceState(null, '', '/');
  resetTestState();
  vi.clearAllMocks();
  await changeLanguage('en');
});

const show = () => renderAt(<SigningCompletePage token={TOKEN} />);

/** The page-not-found page load, replaced (jsdom loads no pages). */
const pageLoad = () => vi.spyOn(pageLoads, 'replace').mockImplementation(() => undefined);

describe('SigningComplete (SPEC §2.1)', () => {
  it.each([
    [
      'en',
      'Signed document',
      'Download signed PDF',
      'Download certificate of completion',
      'Verify the signatures',
    ],
    [
      'fi',
      'Allekirjoitettu asiakirja',
      'Lataa allekirjoitettu PDF',
      'Lataa allekirjoitustodistus',
      'Tarkista allekirjoitukset',
    ],
  ] as const)(
    'signed by everyone: both downloads and the verify link, in the signee’s language (%s)',
    async (lang, title, signed, certificate, verify) => {
      // The app starts in the other language: the page follows the signee's, from the server.
      await changeLanguage(lang === 'fi' ? 'en' : 'fi');
      mockApi({ [STATUS]: () => ({ ...completed, lang }) });
      show();
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(currentLanguage()).toBe(lang);
      await waitFor(() => expect(screen.getByRole('button', { name: signed })).toBeEnabled());
      expect(screen.getByRole('button', { name: certificate })).toBeEnabled();
      expect(screen.getByRole('link', { name: verify })).toHaveAttribute('href', '/verify');
    },
  );

  it('a lang query parameter wins over the signee’s language', async () => {
    window.history.replaceState(null, '', `/public/signed/${TOKEN}?lang=en`);
    mockApi({ [STATUS]: () => ({ ...completed, lang: 'fi' }) });
    show();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeEnabled());
    expect(screen.getByRole('heading', { name: 'Signed document' })).toBeInTheDocument();
    expect(currentLanguage()).toBe('en');
  });

  it('shows only a loader until the status is known, then the page in the signee’s language', async () => {
    // The browser's language is Finnish, the signee's English: no Finnish text may show while the
    // status is on its way.
    await changeLanguage('fi');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockApi({ [STATUS]: () => completed, [SIGNED]: () => file('Lease-signed.pdf') });
    const reply = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return (await reply?.(...args)) as Response;
    });
    show();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    release();
    const download = await screen.findByRole('button', { name: 'Download signed PDF' });
    expect(screen.getByRole('heading', { name: 'Signed document' })).toBeInTheDocument();
    fireEvent.click(download);
    await waitFor(() =>
      expect(saveDataUrl).toHaveBeenCalledWith(
        'data:application/pdf;base64,JVBERi0xLjc=',
        'Lease-signed.pdf',
      ),
    );
    expect(callsTo(fetchMock, SIGNED)).toHaveLength(1);
    expect(callsTo(fetchMock, CERTIFICATE)).toHaveLength(0);
  });

  it('the certificate downloads from its own address', async () => {
    const fetchMock = mockApi({
      [STATUS]: () => completed,
      [CERTIFICATE]: () => file('Lease-certificate.pdf'),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Download certificate of completion' }));
    await waitFor(() =>
      expect(saveDataUrl).toHaveBeenCalledWith(expect.any(String), 'Lease-certificate.pdf'),
    );
    expect(callsTo(fetchMock, CERTIFICATE)).toHaveLength(1);
    expect(callsTo(fetchMock, SIGNED)).toHaveLength(0);
  });

  it.each([
    ['not yet complete', { ...completed, completed: false }],
    ['an unknown link', { status: 'NOT_FOUND', locked: false, signed: false, completed: false }],
  ])('%s: goes to page not found', async (_name, reply) => {
    const replace = pageLoad();
    mockApi({ [STATUS]: () => reply });
    show();
    await waitFor(() => expect(replace).toHaveBeenCalledWith(expect.stringMatching(/\/page-not-found$/)));
  });

  it('a failed download goes to page not found and saves nothing', async () => {
    const replace = pageLoad();
    mockApi({
      [STATUS]: () => completed,
      [SIGNED]: () => ({ status: 'ERROR', code: 'NOT_FOUND', message: 'gone' }),
    });
    show();
    const download = await screen.findByRole('button', { name: 'Download signed PDF' });
    await waitFor(() => expect(download).toBeEnabled());
    expect(replace).not.toHaveBeenCalled();
    fireEvent.click(download);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(expect.stringMatching(/\/page-not-found$/)));
    expect(saveDataUrl).not.toHaveBeenCalled();
  });
});
