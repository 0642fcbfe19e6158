import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@sinetti/contract';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { makeAccount, resetTestState, signInAs } from '../../../test/utils';
import { DOC_ID, makeDocument, makeSignee, memberReplies } from '../test/fixtures';
import { SigneesPanel } from './SigneesPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const ADD = `POST /api/signing/signee/${DOC_ID}`;

beforeEach(() => signInAs());
afterEach(async () => {
  resetTestState();
  vi.clearAllMocks();
  await changeLanguage('en');
});

async function openForm(account: Account = makeAccount()) {
  const fetchMock = mockApi({
    ...memberReplies([]),
    'GET /api/authentication/accounts': () => ({
      status: 'OK',
      account,
      session: {
        updated: account.updated,
        status: 'OK',
        selectedOrganization: account.selectedOrganization,
        lastBalance: null,
      },
    }),
    [ADD]: (body) => ({ status: 'OK', signee: makeSignee({ ...(body as object), id: crypto.randomUUID() }) }),
  });
  renderAt(<SigneesPanel document={makeDocument()} />);
  const form = await screen.findByRole('form', { name: /Add signee|Lisää allekirjoittaja/ });
  return { fetchMock, form };
}

const languageField = (form: HTMLElement, label: string | RegExp = 'Language') =>
  within(form).getByLabelText(label, { selector: 'input' });

describe('the signee form’s language (issue #31 item 2)', () => {
  it('defaults to the sender’s language and sends it', async () => {
    const { fetchMock, form } = await openForm();
    await waitFor(() => expect(languageField(form)).toHaveValue('English'));
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'anna@example.com' } });
    fireEvent.submit(form);
    await waitFor(() => expect(callsTo(fetchMock, ADD)).toMatchObject([{ language: 'en' }]));
  });

  it('defaults to Finnish for a sender whose account is Finnish', async () => {
    const finnish = makeAccount({
      language: 'fi',
      settings: { region: 'FI', timezone: 'Europe/Helsinki', language: 'fi' },
    });
    const { fetchMock, form } = await openForm(finnish);
    await waitFor(() => expect(languageField(form, /^(Language|Kieli)$/)).toHaveValue('Suomi'));
    fireEvent.change(within(form).getByLabelText(/^(Email|Sähköposti)$/), {
      target: { value: 'aino@example.com' },
    });
    fireEvent.submit(form);
    await waitFor(() => expect(callsTo(fetchMock, ADD)).toMatchObject([{ language: 'fi' }]));
  });

  it('sends the language the sender picks for this signee, then starts again from the sender’s', async () => {
    const { fetchMock, form } = await openForm();
    await waitFor(() => expect(languageField(form)).toHaveValue('English'));
    fireEvent.click(languageField(form));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['English', 'Suomi']);
    fireEvent.click(screen.getByRole('option', { name: 'Suomi' }));
    expect(languageField(form)).toHaveValue('Suomi');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'aino@example.com' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(callsTo(fetchMock, ADD)).toMatchObject([{ email: 'aino@example.com', language: 'fi' }]),
    );
    await waitFor(() => expect(languageField(form)).toHaveValue('English'));
  });
});

describe('the signees list’s language badges (issue #31 item 3)', () => {
  it('shows each signee’s language, EN or FI, named for a screen reader', async () => {
    mockApi(
      memberReplies([
        makeSignee({ id: crypto.randomUUID(), email: 'anna@example.com', language: 'en' }),
        makeSignee({ id: crypto.randomUUID(), email: 'aino@example.com', language: 'fi' }),
      ]),
    );
    renderAt(<SigneesPanel document={makeDocument()} />);
    const rows = await screen.findAllByRole('listitem');
    const badge = (email: string) =>
      within(rows.find((row) => row.textContent?.includes(email))!).getByTestId('signee-language');
    expect(badge('anna@example.com')).toHaveTextContent(/^Language: EN$/);
    expect(badge('aino@example.com')).toHaveTextContent(/^Language: FI$/);
    expect(within(badge('aino@example.com')).getByText('FI')).toHaveAttribute('lang', 'fi');
  });
});
