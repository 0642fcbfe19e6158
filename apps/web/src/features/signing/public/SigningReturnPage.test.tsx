import { fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCode, ErrorReason } from '@sinetti/contract';
import { publicRouteOf, textsOf } from '../../../app/route-table';
import { changeLanguage } from '../../../lib/i18n';
import { pageLoads } from '../../../lib/page-navigation';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { rememberReturn, sessionForReturn } from '../lib/provider-return';
import { answerOf, SigningReturnPage } from './SigningReturnPage';

const T = 'r'.repeat(43);
const RETURN = `POST /api/signing/session/${T}/return`;
const SESSION_PAGE = `http://localhost:3000/public/session/${T}`;

let replace: ReturnType<typeof vi.spyOn>;
let assign: ReturnType<typeof vi.spyOn>;
let goTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  sessionStorage.clear();
  replace = vi.spyOn(pageLoads, 'replace').mockImplementation(() => undefined);
  assign = vi.spyOn(pageLoads, 'assign').mockImplementation(() => undefined);
  goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
});
afterEach(async () => {
  resetTestState();
  sessionStorage.clear();
  await changeLanguage('en');
});

/** The return page for a provider's query; `state` kept for this tab's session unless told otherwise. */
function open(search: string, { kept = true, strict = false } = {}) {
  const state = new URLSearchParams(search).get('state');
  if (kept && state) rememberReturn(state, T);
  const page = <SigningReturnPage search={search} />;
  renderAt(strict ? <StrictMode>{page}</StrictMode> : page);
}

const refusal = (reason: ErrorReason, code: ErrorCode = 'CONFLICT') => ({
  status: 'ERROR',
  code,
  reason,
  message: 'Server words that are never shown.',
});

describe('the return page’s route (issue #29 item 6)', () => {
  it('is a page of the public root with the signee’s texts, apart from the result page', () => {
    const match = publicRouteOf('/public/signing/return');
    expect(match?.route.name).toBe('SigningReturn');
    expect(match && textsOf(match.route)).toEqual(['signee']);
    expect(publicRouteOf('/public/signing/success/d1')?.route.name).toBe('SigningResult');
  });

  it('reads the provider’s answer from the query, error_description as errorDescription', () => {
    expect(answerOf('?code=c0de&state=s1&iss=https%3A%2F%2Fid.example')).toEqual({
      state: 's1',
      code: 'c0de',
      iss: 'https://id.example',
    });
    expect(answerOf('?error=access_denied&error_description=User+cancelled&state=s2')).toEqual({
      state: 's2',
      error: 'access_denied',
      errorDescription: 'User cancelled',
    });
    expect(answerOf('?code=c0de')).toBeNull();
  });
});

describe('the return page (issue #29 item 6)', () => {
  it.each([
    ['en', 'Open your signing link again'],
    ['fi', 'Avaa allekirjoituslinkkisi uudelleen'],
  ] as const)(
    '%s: a state this tab did not keep asks to open the signing link again',
    async (lang, title) => {
      await changeLanguage(lang);
      const fetchMock = mockApi({});
      open('?code=c0de&state=elsewhere', { kept: false });
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('identified: tells the server once (even with React’s double effects) and goes back to the signing page', async () => {
    const fetchMock = mockApi({ [RETURN]: () => ({ status: 'OK', next: 'session' }) });
    open('?code=c0de&state=s1&iss=http%3A%2F%2Flocalhost%3A3000%2Ftest-eid', { strict: true });
    await waitFor(() => expect(replace).toHaveBeenCalledWith(SESSION_PAGE));
    expect(callsTo(fetchMock, RETURN)).toEqual([
      { state: 's1', code: 'c0de', iss: 'http://localhost:3000/test-eid' },
    ]);
    expect(sessionForReturn('s1')).toBeNull();
  });

  it('on to the QTSP: keeps the session under the new state and leaves for it', async () => {
    const next = 'http://localhost:3000/test-csc/oauth2/authorize?scope=credential&state=s3';
    mockApi({ [RETURN]: () => ({ status: 'OK', next: 'provider', redirectUrl: next }) });
    open('?code=c0de&state=s2');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(next));
    expect(sessionForReturn('s3')).toBe(T);
    expect(sessionForReturn('s2')).toBeNull();
  });

  it('signed: the result page', async () => {
    mockApi({
      [RETURN]: () => ({
        status: 'OK',
        next: 'done',
        redirect: '/public/signing/success/00000000-0000-4000-8000-0000000000d1',
      }),
    });
    open('?code=c0de&state=s4');
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(
        'http://localhost:3000/public/signing/success/00000000-0000-4000-8000-0000000000d1',
      ),
    );
  });

  it.each([
    [
      'IDENTIFICATION_CANCELLED',
      'Identification cancelled',
      'The identification was cancelled. You can try again.',
    ],
    ['IDENTIFICATION_FAILED', 'Identification failed', 'The identification could not be confirmed.'],
    ['NAME_MISMATCH', 'The names do not match', 'differs from the name the sender entered'],
    ['REMOTE_AUTHORIZATION_FAILED', 'Signature not authorized', 'Please authorize it again.'],
    ['PROVIDER_UNAVAILABLE', 'Service not available', 'cannot be reached right now'],
    ['REMOTE_SIGNING_STALE', 'The document changed', 'Please sign again.'],
  ] as const)('%s: says why from the reason and leads back to signing', async (reason, title, text) => {
    const fetchMock = mockApi({
      [RETURN]: () => refusal(reason, reason === 'PROVIDER_UNAVAILABLE' ? 'UNAVAILABLE' : 'CONFLICT'),
    });
    open('?error=access_denied&error_description=No&state=s5');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByText(/Server words/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, RETURN)).toEqual([
      { state: 's5', error: 'access_denied', errorDescription: 'No' },
    ]);
    const back = screen.getByRole('link', { name: 'Back to signing' });
    expect(back).toHaveAttribute('href', `/public/session/${T}`);
    fireEvent.click(back);
    expect(assign).toHaveBeenCalledWith(SESSION_PAGE);
  });

  it('Finnish: the reason and the way back in Finnish', async () => {
    await changeLanguage('fi');
    mockApi({ [RETURN]: () => refusal('IDENTIFICATION_CANCELLED') });
    open('?error=access_denied&state=s6');
    expect(await screen.findByRole('heading', { name: 'Tunnistautuminen peruttiin' })).toBeInTheDocument();
    expect(screen.getByText('Tunnistautuminen peruttiin. Voit yrittää uudelleen.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Takaisin allekirjoitukseen' })).toBeInTheDocument();
  });

  it('a session that ended meanwhile: the ended page, without a way back', async () => {
    mockApi({ [RETURN]: () => refusal('SIGNING_SESSION_EXPIRED') });
    open('?code=c0de&state=s7');
    expect(await screen.findByRole('heading', { name: 'The signing session has ended' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to signing' })).not.toBeInTheDocument();
  });

  it('another failure: a general message and the way back', async () => {
    mockApi({ [RETURN]: () => ({ status: 'ERROR', code: 'INTERNAL', message: 'x' }) });
    open('?code=c0de&state=s8');
    expect(await screen.findByRole('heading', { name: 'Signing could not continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to signing' })).toBeInTheDocument();
  });
});
