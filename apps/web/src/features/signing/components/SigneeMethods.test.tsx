import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Signee, SigningMethodOption } from '@sinetti/contract';
import { showError } from '../../../components/toast';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { DOC_ID, levelsReply, makeDocument, makeSignee, memberReplies, METHODS } from '../test/fixtures';
import { SigneesPanel } from './SigneesPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const ADD = `POST /api/signing/signee/${DOC_ID}`;
type Replies = Parameters<typeof mockApi>[0];

beforeEach(() => signInAs());
afterEach(async () => {
  resetTestState();
  vi.clearAllMocks();
  await changeLanguage('en');
});

async function openPanel(
  methods: SigningMethodOption[] = METHODS,
  signees: Signee[] = [],
  extra: Replies = {},
) {
  const fetchMock = mockApi({
    ...memberReplies(signees),
    'GET /api/signing/levels': () => levelsReply(methods),
    [ADD]: (body) => ({ status: 'OK', signee: makeSignee({ ...(body as object), id: crypto.randomUUID() }) }),
    ...extra,
  });
  renderAt(<SigneesPanel document={makeDocument()} />);
  const form = await screen.findByRole('form', { name: /Add signee|Lisää allekirjoittaja/ });
  return { fetchMock, form };
}

/** A Mantine Select's input by its label. */
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label, { selector: 'input' });

const fill = (form: HTMLElement, email: string, emailLabel = 'Email') =>
  fireEvent.change(within(form).getByLabelText(emailLabel), { target: { value: email } });

describe('the signee form’s level and method (issue #29 item 1)', () => {
  it('defaults to the server’s level and its first method, with its price and TEST mark, and sends both', async () => {
    const { fetchMock, form } = await openPanel();
    await waitFor(() => expect(field(form, 'Level')).toHaveValue('Advanced'));
    expect(field(form, 'Signing method')).toHaveValue('FTN (FI)');
    const summary = within(form).getByTestId('method-summary');
    expect(summary).toHaveTextContent('€1.20');
    expect(summary).toHaveTextContent('TEST');
    expect(screen.queryByText(/Only simple signatures are available/)).not.toBeInTheDocument();
    fill(form, 'anna@example.com');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(callsTo(fetchMock, ADD)).toEqual([
        {
          givenName: '',
          familyName: '',
          email: 'anna@example.com',
          level: 10,
          method: 'fi-trust-network',
          language: 'en',
        },
      ]),
    );
  });

  it('offers only the levels the server serves; a level brings its own methods', async () => {
    const { fetchMock, form } = await openPanel();
    await waitFor(() => expect(field(form, 'Level')).toBeEnabled());
    fireEvent.click(field(form, 'Level'));
    const levels = await screen.findAllByRole('option');
    expect(levels.map((o) => o.textContent)).toEqual(['Simple', 'Advanced', 'Qualified']);
    fireEvent.click(screen.getByRole('option', { name: 'Qualified' }));
    expect(field(form, 'Signing method')).toHaveValue('D-Trust sign-me (DE)');
    // One method at the level: nothing to choose.
    expect(field(form, 'Signing method')).toBeDisabled();
    expect(within(form).getByTestId('method-summary')).toHaveTextContent('€3.00');
    fill(form, 'qualified@example.com');
    fireEvent.submit(form);
    await waitFor(() => expect(callsTo(fetchMock, ADD)).toMatchObject([{ level: 20, method: 'de-sign-me' }]));
  });

  it('lists a level’s methods with their prices and TEST marks; the chosen one is sent', async () => {
    const { fetchMock, form } = await openPanel();
    await waitFor(() => expect(field(form, 'Signing method')).toBeEnabled());
    fireEvent.click(field(form, 'Signing method'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['FTN (FI)TEST€1.20', 'BankID (SE)TEST€1.50']);
    fireEvent.click(options[1]!);
    expect(field(form, 'Signing method')).toHaveValue('BankID (SE)');
    fill(form, 'sven@example.com');
    fireEvent.submit(form);
    await waitFor(() => expect(callsTo(fetchMock, ADD)).toMatchObject([{ level: 10, method: 'se-bankid' }]));
  });

  it.each([
    ['en', 'Only simple signatures are available: no eID provider is configured.', 'Simple'],
    [
      'fi',
      'Vain yksinkertaiset allekirjoitukset ovat käytettävissä: sähköistä tunnistuspalvelua ei ole määritetty.',
      'Yksinkertainen',
    ],
  ] as const)(
    '%s: without an eID provider a note says only simple signatures are available',
    async (lang, note, simple) => {
      await changeLanguage(lang);
      const { form } = await openPanel(METHODS.slice(0, 1));
      expect(await screen.findByText(note)).toBeInTheDocument();
      const level = field(form, lang === 'en' ? 'Level' : 'Taso');
      expect(level).toHaveValue(simple);
      expect(level).toBeDisabled();
    },
  );

  it('Finnish: the price the Finnish way and the TEST mark in Finnish', async () => {
    await changeLanguage('fi');
    const { form } = await openPanel();
    await waitFor(() => expect(within(form).getByTestId('method-summary')).toHaveTextContent('1,20 €'));
    expect(within(form).getByTestId('method-summary')).toHaveTextContent('TESTI');
  });

  it('a method not on the plan says so instead of a price', async () => {
    const { form } = await openPanel([{ ...METHODS[1]!, priceCents: null }]);
    await waitFor(() =>
      expect(within(form).getByTestId('method-summary')).toHaveTextContent('Not on your plan'),
    );
  });

  it('a method the server no longer offers is reported from the reason, never the server’s words', async () => {
    const { form } = await openPanel(METHODS, [], {
      [ADD]: () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        reason: 'METHOD_NOT_OFFERED',
        message: 'English words never shown',
        fields: { method: 'English words never shown' },
      }),
    });
    await waitFor(() => expect(field(form, 'Level')).toHaveValue('Advanced'));
    fill(form, 'anna@example.com');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'This signing method is not available here. Choose another one.',
      ),
    );
    expect(screen.queryByText('English words never shown')).not.toBeInTheDocument();
  });
});

describe('the signees panel’s levels, methods and identifications (issue #29 item 3)', () => {
  const identified = (nameMatches: boolean) =>
    makeSignee({
      fullName: 'Liisa Laine',
      level: 10,
      method: 'fi-trust-network',
      methodName: 'FTN (FI)',
      status: 'signed',
      identification: {
        method: 'fi-trust-network',
        methodName: 'FTN (FI)',
        name: nameMatches ? 'Liisa Laine' : 'Liisa Maria Virtanen',
        nameMatches,
        provider: 'localhost',
        test: true,
        at: '2026-11-28T18:00:00.000Z',
      },
    });

  it.each([
    ['en', 'Advanced · FTN (FI)', 'Identified as Liisa Laine with FTN (FI)'],
    ['fi', 'Kehittynyt · FTN (FI)', 'Tunnistettu nimellä Liisa Laine (FTN (FI))'],
  ] as const)('%s: each signee’s level and method, and who the eID identified', async (lang, badge, line) => {
    await changeLanguage(lang);
    await openPanel(METHODS, [
      identified(true),
      makeSignee({ id: crypto.randomUUID(), email: 'olli@example.com', fullName: 'Olli Ohto' }),
    ]);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByTestId('signee-method')).toHaveTextContent(badge);
    expect(within(rows[0]!).getByTestId('signee-identification')).toHaveTextContent(line);
    expect(within(rows[0]!).queryByRole('note')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('signee-method')).toHaveTextContent(/· localhost \(e-mail\)$/);
    expect(within(rows[1]!).queryByTestId('signee-identification')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'The verified name Liisa Maria Virtanen differs from the name entered, Liisa Laine.'],
    ['fi', 'Vahvistettu nimi Liisa Maria Virtanen poikkeaa annetusta nimestä Liisa Laine.'],
  ] as const)('%s: a verified name that differs is a warning naming both', async (lang, warning) => {
    await changeLanguage(lang);
    await openPanel(METHODS, [identified(false)]);
    expect(within(screen.getByRole('listitem')).getByRole('note')).toHaveTextContent(warning);
  });
});
