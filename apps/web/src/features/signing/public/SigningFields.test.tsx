import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SigningField } from '@sinetti/contract';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { fieldId, sessionReply, signingFieldOf } from '../test/session';
import { SigningSessionPage } from './SigningSessionPage';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

// pdf.js is not run here (PdfPages.test.tsx covers it): the stub fetches the PDF once, reports it read and
// lays out each page's box with the page's overlay in it, as PdfPages does.
type Pages = {
  sourceKey: string;
  pages: number;
  load: (s: AbortSignal) => Promise<ArrayBuffer>;
  onLoaded: () => void;
  overlay?: (page: number) => ReactNode;
};
vi.mock('./PdfPages', () => ({
  PdfPages: ({ sourceKey, pages, load, onLoaded, overlay }: Pages) => {
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per source, like PdfPages
    useEffect(() => void load(new AbortController().signal).then(onLoaded), [sourceKey]);
    return (
      <div data-testid="pdf">
        {Array.from({ length: pages }, (_, i) => (
          <div key={i} data-testid="pdf-page" style={{ position: 'relative' }}>
            {overlay?.(i + 1)}
          </div>
        ))}
      </div>
    );
  },
}));

const T = 'f'.repeat(43);
const SESSION = `GET /api/signing/session/${T}`;
const PDF = `GET /api/signing/session/${T}/pdf`;
const SIGN = `POST /api/signing/session/${T}/sign`;
const REMOTE = `POST /api/signing/session/${T}/remote-sign`;

afterEach(async () => {
  resetTestState();
  sessionStorage.clear();
  await changeLanguage('en');
});

const id = fieldId;
const field = signingFieldOf;

/** Page 1: an apartment number and a box to tick; page 2: the signature, the date and an optional note. */
const FIELDS = [
  field(1, 'text', 1, { label: 'Apartment number' }),
  field(2, 'checkbox', 1, { label: 'I have received the keys' }),
  field(3, 'signature', 2),
  field(4, 'date', 2),
  field(5, 'text', 2, { label: 'Note', required: false }),
];

const session = (fields: SigningField[] | null = FIELDS, lang = 'en') =>
  sessionReply({ lang, codeVerified: true, ...(fields ? { fields } : {}) });

const show = () =>
  renderAt(<SigningSessionPage sessionToken={T} />, {
    path: '/public/session/:sessionToken',
    url: `/public/session/${T}`,
  });

const walker = () => screen.getByRole('group', { name: 'Fields to fill' });
/** The overlay and the walk are fetched (lazily) once the session has fields. */
async function fieldsShown(walkerName = 'Fields to fill') {
  await screen.findByRole('group', { name: walkerName });
  await screen.findByRole('textbox', { name: 'Apartment number' });
}
const focused = () => document.activeElement;

async function typeSignature() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Type' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'Your name as your signature' }), {
    target: { value: 'Liisa Laine' },
  });
  fireEvent.click(screen.getByRole('checkbox', { name: /I have read the document/ }));
}

describe('filling the fields on the signing page (issue #33 item 2)', () => {
  it('walks the required fields: count left, Start / Next field / Enter focus the next unfilled one', async () => {
    mockApi({ [SESSION]: () => session(), [PDF]: () => ({}) });
    show();
    await screen.findByRole('heading', { name: 'Sign “Lease.pdf”' });
    await fieldsShown();
    expect(within(walker()).getByText('3 fields left')).toBeInTheDocument();
    // The fields lie on their pages; the date is shown as the server writes it, not to be typed.
    const [page1, page2] = screen.getAllByTestId('pdf-page');
    expect(within(page1!).getByRole('textbox', { name: 'Apartment number' })).toHaveAttribute(
      'aria-required',
    );
    expect(within(page2!).getByRole('note', { name: 'Date: 29.11.2026' })).toBeInTheDocument();
    expect(within(page2!).getByRole('textbox', { name: 'Note' })).not.toHaveAttribute('aria-required');

    fireEvent.click(within(walker()).getByRole('button', { name: 'Start' }));
    const apartment = screen.getByRole('textbox', { name: 'Apartment number' });
    expect(focused()).toBe(apartment);
    fireEvent.change(apartment, { target: { value: 'A 12' } });
    expect(within(walker()).getByText('2 fields left')).toBeInTheDocument();
    // Enter goes on to the next unfilled required field: the box to tick.
    fireEvent.keyDown(apartment, { key: 'Enter' });
    const keys = screen.getByRole('checkbox', { name: 'I have received the keys' });
    expect(focused()).toBe(keys);
    fireEvent.click(keys);
    expect(within(walker()).getByText('1 field left')).toBeInTheDocument();
    // Next field: the signature field (the optional note is skipped); choosing it goes to the pad.
    fireEvent.click(within(walker()).getByRole('button', { name: 'Next field' }));
    const signatureField = screen.getByRole('button', { name: 'Signature: add your signature below' });
    expect(focused()).toBe(signatureField);
    fireEvent.click(signatureField);
    expect(focused()).toBe(screen.getByRole('heading', { name: 'Signature' }));

    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(sign).toBeDisabled();
    await typeSignature();
    // The typed signature fills the signature field.
    expect(await screen.findByRole('button', { name: 'Signature: your signature' })).toHaveTextContent(
      'Liisa Laine',
    );
    expect(within(walker()).getByText('All required fields are filled.')).toBeInTheDocument();
    expect(within(walker()).queryByRole('button', { name: 'Next field' })).not.toBeInTheDocument();
    await waitFor(() => expect(sign).toBeEnabled());
  });

  it('Sign waits for the required fields, then sends their values with the signature', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session(),
      [PDF]: () => ({}),
      [SIGN]: () => ({
        status: 'OK',
        redirect: '/public/signing/success/00000000-0000-4000-8000-0000000000d1',
      }),
    });
    show();
    await fieldsShown();
    await typeSignature();
    const sign = screen.getByRole('button', { name: 'Sign' });
    expect(within(walker()).getByText('2 fields left')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Fill in the fields marked on the document, then add your signature and tick the box.',
      ),
    ).toBeInTheDocument();
    expect(sign).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Apartment number' }), {
      target: { value: '  A 12 ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have received the keys' }));
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    await waitFor(() => expect(callsTo(fetchMock, SIGN)).toHaveLength(1));
    // Trimmed text and the tick; the empty optional note, the date and the signature field take no value.
    expect(callsTo(fetchMock, SIGN)).toEqual([
      {
        signature: { kind: 'typed', text: 'Liisa Laine' },
        intent: true,
        fields: { [id(1)]: 'A 12', [id(2)]: true },
      },
    ]);
  });

  it('a 400 naming a field marks it and focuses it (in Finnish); the English message is never shown', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session(FIELDS, 'fi'),
      [PDF]: () => ({}),
      [SIGN]: () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        message: 'fields.x: Server words that are never shown.',
        fields: { [`fields.${id(2)}`]: 'Server words that are never shown.' },
      }),
    });
    show();
    await fieldsShown('Täytettävät kentät');
    fireEvent.click(await screen.findByRole('radio', { name: 'Kirjoita' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nimesi allekirjoituksena' }), {
      target: { value: 'Liisa Laine' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Olen lukenut asiakirjan/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Apartment number' }), {
      target: { value: 'A 12' },
    });
    const keys = screen.getByRole('checkbox', { name: 'I have received the keys' });
    fireEvent.click(keys);
    expect(
      within(screen.getByRole('group', { name: 'Täytettävät kentät' })).getByText(
        'Kaikki pakolliset kentät on täytetty.',
      ),
    ).toBeInTheDocument();
    const sign = screen.getByRole('button', { name: 'Allekirjoita' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    expect(
      await screen.findByText('Jotkin kentät on tarkistettava. Ne on merkitty asiakirjaan.'),
    ).toBeInTheDocument();
    expect(keys).toHaveAttribute('aria-invalid', 'true');
    expect(keys).toHaveAccessibleDescription('Tarkista tämä kenttä.');
    expect(focused()).toBe(keys);
    expect(screen.getByRole('textbox', { name: 'Apartment number' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Server words/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, SIGN)).toHaveLength(1);
  });

  it('without fields: no walker, no overlay, and the sign body is as before fields', async () => {
    const fetchMock = mockApi({
      [SESSION]: () => session(null),
      [PDF]: () => ({}),
      [SIGN]: () => ({
        status: 'OK',
        redirect: '/public/signing/success/00000000-0000-4000-8000-0000000000d1',
      }),
    });
    show();
    await typeSignature();
    expect(screen.queryByRole('group', { name: 'Fields to fill' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('fields-page-1')).not.toBeInTheDocument();
    const sign = screen.getByRole('button', { name: 'Sign' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    await waitFor(() => expect(callsTo(fetchMock, SIGN)).toHaveLength(1));
    expect(callsTo(fetchMock, SIGN)).toEqual([
      { signature: { kind: 'typed', text: 'Liisa Laine' }, intent: true },
    ]);
  });

  it('a qualified signature (QTSP) sends the values with remote-sign before leaving for the QTSP', async () => {
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    const QTSP = 'http://localhost:3000/test-csc/oauth2/authorize?state=qtsp-st4te';
    const fetchMock = mockApi({
      [SESSION]: () => ({
        ...session(),
        flow: 'qtsp',
        signee: { ...session().signee, level: 20, method: 'de-sign-me', methodName: 'D-Trust sign-me (DE)' },
      }),
      [PDF]: () => ({}),
      [REMOTE]: () => ({ status: 'OK', redirectUrl: QTSP }),
    });
    show();
    await fieldsShown();
    await typeSignature();
    fireEvent.change(screen.getByRole('textbox', { name: 'Apartment number' }), {
      target: { value: 'A 12' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have received the keys' }));
    const sign = screen.getByRole('button', { name: 'Sign with D-Trust sign-me (DE)' });
    await waitFor(() => expect(sign).toBeEnabled());
    fireEvent.click(sign);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(QTSP));
    expect(callsTo(fetchMock, REMOTE)).toEqual([
      {
        signature: { kind: 'typed', text: 'Liisa Laine' },
        intent: true,
        fields: { [id(1)]: 'A 12', [id(2)]: true },
      },
    ]);
    expect(callsTo(fetchMock, SIGN)).toEqual([]);
  });
});
