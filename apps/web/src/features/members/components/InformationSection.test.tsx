import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { ORG_ACME, ORG_PERSONAL } from '../../../test/utils';
import { A, accountReply, accountRoles, signIn } from '../test/fixtures';
import { InformationSection } from './InformationSection';

beforeEach(() => signIn());
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const RENAME = `POST ${A}/update-company`;

function open(replies: Parameters<typeof mockApi>[0] = {}, { org = ORG_ACME }: { org?: string } = {}) {
  signIn(org);
  let name = 'Acme Oy';
  const fetchMock = mockApi({
    'GET /api/authentication/accounts': () => accountReply(org, name)(),
    'GET /api/privileges/account-roles': accountRoles(),
    [RENAME]: (body) => {
      name = (body as { name: string }).name;
      return { status: 'OK', companyId: ORG_ACME, name };
    },
    ...replies,
  });
  return { fetchMock, ...renderAt(<InformationSection />) };
}

describe('Settings → Information (SPEC §2.1, §5, §9)', () => {
  it('saves the name 2.5 s after typing stops, then reads the account again for the new name', async () => {
    const { fetchMock } = open();
    const input = await screen.findByRole('textbox', { name: /Organization name/ });
    expect(input).toHaveValue('Acme Oy');
    const accountReads = callsTo(fetchMock, 'GET /api/authentication/accounts').length;

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'Acme' } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    fireEvent.change(input, { target: { value: 'Acme Group Oy ' } });
    await act(() => vi.advanceTimersByTimeAsync(2499));
    expect(callsTo(fetchMock, RENAME)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();

    expect(callsTo(fetchMock, RENAME)).toEqual([{ name: 'Acme Group Oy' }]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/authentication/accounts').length).toBeGreaterThan(accountReads),
    );
  });

  it('refuses an empty name with a message and never sends it', async () => {
    const { fetchMock } = open();
    const input = await screen.findByRole('textbox', { name: /Organization name/ });
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'Acme X' } });
    fireEvent.change(input, { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    vi.useRealTimers();
    expect(screen.getByText('Please enter the organization name.')).toBeInTheDocument();
    fireEvent.blur(input);
    expect(callsTo(fetchMock, RENAME)).toHaveLength(0);
  });

  it('saves at once on Enter and shows a refusal in the user’s language', async () => {
    const { fetchMock } = open({
      [RENAME]: () => ({ status: 'ERROR', code: 'VALIDATION_FAILED', message: 'x', fields: { name: 'x' } }),
    });
    const input = await screen.findByRole('textbox', { name: /Organization name/ });
    fireEvent.change(input, { target: { value: 'Acme\u202eYO' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(
      await screen.findByText(/^The name could not be saved\. Some of the information/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, RENAME)).toHaveLength(1);
  });

  it('is read-only text without organization edit details', async () => {
    open({ 'GET /api/privileges/account-roles': accountRoles([2, 4], false) });
    expect(await screen.findByText('Acme Oy')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(
      screen.getByText("Changing the organization's details needs the permission to edit them."),
    ).toBeInTheDocument();
  });

  it('shows a personal workspace under the user’s name, not renameable, in Finnish', async () => {
    await changeLanguage('fi');
    open({}, { org: ORG_PERSONAL });
    expect(await screen.findByText('Matti Meikäläinen')).toBeInTheDocument();
    expect(screen.getByText('Organisaation nimi')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/eikä sitä voi nimetä uudelleen/)).toBeInTheDocument();
  });
});
