import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { SigningSessionPage } from './SigningSessionPage';
import { sessionReply } from '../test/session';

/**
 * Embedded signing (issue #34 item 3): the signing page in a frame posts its events to the framing page,
 * addressed to that page's origin, only when the server lists that origin for the document's organization.
 */

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
type Pages = { sourceKey: string; load: (s: AbortSignal) => Promise<ArrayBuffer>; onLoaded: () => void };
vi.mock('./PdfPages', () => ({
  PdfPages: ({ sourceKey, load, onLoaded }: Pages) => {
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per source, like PdfPages
    useEffect(() => void load(new AbortController().signal).then(onLoaded), [sourceKey]);
    return <p data-testid="pdf" />;
  },
}));

const T = 's'.repeat(43);
const DOC = '00000000-0000-4000-8000-0000000000d1';
const SHOP = 'https://shop.example.com';

const session = (embedOrigins?: string[]) => sessionReply(embedOrigins ? { embedOrigins } : {});

const postMessage = vi.fn();

/** The page framed by a page of `origin` (the browser names it through the referrer in jsdom). */
function framedBy(origin: string) {
  Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true });
  Object.defineProperty(document, 'referrer', { value: `${origin}/checkout`, configurable: true });
}

beforeEach(() => postMessage.mockReset());
afterEach(async () => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  sessionStorage.clear();
  resetTestState();
  await changeLanguage('en');
});

const show = () =>
  renderAt(<SigningSessionPage sessionToken={T} />, {
    path: '/public/session/:sessionToken',
    url: `/public/session/${T}`,
  });

async function declineHere() {
  fireEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }));
  fireEvent.change(await screen.findByRole('textbox', { name: /Reason/ }), { target: { value: 'No' } });
  fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
  await screen.findByRole('heading', { name: 'Signing declined' });
}

describe('embedded signing events of the signing page', () => {
  it('declined in a frame of a listed origin: posts sinetti:declined to that origin only', async () => {
    framedBy(SHOP);
    mockApi({
      [`GET /api/signing/session/${T}`]: () => session([SHOP, 'https://other.example.com']),
      [`GET /api/signing/session/${T}/pdf`]: () => ({}),
      [`POST /api/signing/session/${T}/decline`]: () => ({ status: 'OK' }),
    });
    show();
    await declineHere();
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledExactlyOnceWith(
        { type: 'sinetti:declined', documentId: DOC },
        SHOP,
      ),
    );
  });

  it('the session ends while open: posts sinetti:closed', async () => {
    framedBy(SHOP);
    mockApi({
      [`GET /api/signing/session/${T}`]: () => session([SHOP]),
      [`GET /api/signing/session/${T}/pdf`]: () => ({}),
      [`POST /api/signing/session/${T}/heartbeat`]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'SIGNING_SESSION_REPLACED',
        message: 'x',
      }),
    });
    show();
    await screen.findByRole('heading', { name: 'Sign “Lease.pdf”' });
    act(() => void window.dispatchEvent(new Event('pageshow')));
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'sinetti:closed', documentId: DOC }, SHOP),
    );
  });

  it('framed by an origin the organization does not list: posts nothing', async () => {
    framedBy('https://evil.example.com');
    mockApi({
      [`GET /api/signing/session/${T}`]: () => session([SHOP]),
      [`GET /api/signing/session/${T}/pdf`]: () => ({}),
      [`POST /api/signing/session/${T}/decline`]: () => ({ status: 'OK' }),
    });
    show();
    await declineHere();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('framed by a listed origin but the reply lists none: posts nothing', async () => {
    framedBy(SHOP);
    mockApi({
      [`GET /api/signing/session/${T}`]: () => session(),
      [`GET /api/signing/session/${T}/pdf`]: () => ({}),
      [`POST /api/signing/session/${T}/decline`]: () => ({ status: 'OK' }),
    });
    show();
    await declineHere();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
