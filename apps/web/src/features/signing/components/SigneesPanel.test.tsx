import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentAbilities } from '@sinetti/contract';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState, signInAs } from '../../../test/utils';
import { signingBrowser } from '../lib/browser';
import { DOC_ID, makeDocument, makeSignee, memberReplies } from '../test/fixtures';
import { SigneesPanel } from './SigneesPanel';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const ADD = `POST /api/signing/signee/${DOC_ID}`;

beforeEach(() => signInAs());
afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

async function openPanel(
  signees = [makeSignee()],
  abilities: Partial<DocumentAbilities & { signNow: boolean }> = {},
  state = 1,
) {
  const fetchMock = mockApi({
    ...memberReplies(signees, abilities),
    [ADD]: (body) => ({ status: 'OK', signee: makeSignee({ ...(body as object), id: crypto.randomUUID() }) }),
  });
  renderAt(<SigneesPanel document={makeDocument({ state })} />);
  await screen.findByRole('list', { name: /Signees|Allekirjoittajat/ });
  return fetchMock;
}

const form = () => screen.getByRole('form', { name: /Add signee|Lisää allekirjoittaja/ });

describe('signees panel (SPEC §2.4, §5)', () => {
  it.each([
    ['en', '', 'Email address is required for signees.'],
    ['en', 'not-an-address', 'The format of the email address is invalid.'],
    ['en', 'LIISA@example.com', 'A signee with this email address has already been added.'],
    ['fi', '', 'Allekirjoittajan sähköpostiosoite on pakollinen.'],
    ['fi', 'ei-osoite@', 'Sähköpostiosoitteen muoto on virheellinen.'],
    ['fi', 'liisa@example.com', 'Allekirjoittaja tällä sähköpostiosoitteella on jo lisätty.'],
  ] as const)('%s: "%s" gives "%s" and nothing is sent', async (lang, email, message) => {
    await changeLanguage(lang);
    const fetchMock = await openPanel();
    const f = form();
    fireEvent.change(within(f).getByLabelText(lang === 'en' ? 'Email' : 'Sähköposti'), {
      target: { value: email },
    });
    fireEvent.submit(f);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(fetchMock, ADD)).toEqual([]);
  });

  it('a signee added meanwhile elsewhere is reported from the reply reason, in Finnish too', async () => {
    await changeLanguage('fi');
    await openPanel();
    mockApi({
      ...memberReplies([makeSignee()]),
      [ADD]: () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        reason: 'SIGNEE_ALREADY_ADDED',
        message: 'English words never shown',
        fields: { email: 'English words never shown' },
      }),
    });
    const f = form();
    fireEvent.change(within(f).getByLabelText('Sähköposti'), { target: { value: 'uusi@example.com' } });
    fireEvent.submit(f);
    expect(
      await screen.findByText('Allekirjoittaja tällä sähköpostiosoitteella on jo lisätty.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('English words never shown')).not.toBeInTheDocument();
  });

  it('the self button fills the form with the user’s names and e-mail; the level is the server default', async () => {
    const fetchMock = await openPanel();
    const f = form();
    await waitFor(() => expect(within(f).getByRole('button', { name: 'Use my details' })).toBeEnabled());
    fireEvent.click(within(f).getByRole('button', { name: 'Use my details' }));
    expect(within(f).getByLabelText('Given name')).toHaveValue('Matti');
    expect(within(f).getByLabelText('Family name')).toHaveValue('Meikäläinen');
    expect(within(f).getByLabelText('Email')).toHaveValue('matti@example.com');
    expect(within(f).getAllByLabelText('Level')[0]).toHaveValue('Simple');
    fireEvent.submit(f);
    await waitFor(() =>
      expect(callsTo(fetchMock, ADD)).toEqual([
        {
          givenName: 'Matti',
          familyName: 'Meikäläinen',
          email: 'matti@example.com',
          level: 1,
          method: 'host-email-sms',
          // The signee reads the sender's language unless the sender picks another (issue #31 item 2).
          language: 'en',
        },
      ]),
    );
    await waitFor(() => expect(within(f).getByLabelText('Email')).toHaveValue(''));
  });

  it('lists and removes signees', async () => {
    await openPanel();
    mockApi({
      ...memberReplies([]),
      'GET /api/signing/delete/signee/00000000-0000-4000-8000-0000000000e1': () => ({ status: 'OK' }),
    });
    expect(screen.getByText('Liisa Laine')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Liisa Laine' }));
    expect(
      await screen.findByText('No signees yet. Add the people who sign this document.'),
    ).toBeInTheDocument();
  });

  it('without the editSignees ability there is no form and no remove button', async () => {
    await openPanel([makeSignee()], { editSignees: false });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('from Signing on the signees are read-only', async () => {
    await openPanel([makeSignee({ status: 'signing' })], { editSignees: false }, 20);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Signing now')).toBeInTheDocument();
    expect(screen.getByText(/can be changed only before/)).toBeInTheDocument();
  });
});

describe("Sign now on the caller's own row (issue 12 item 5)", () => {
  const link = 'http://localhost/public/sign/mine';
  const signees = [
    makeSignee(),
    makeSignee({ id: crypto.randomUUID(), email: 'me@example.com', isMe: true, signingLink: link }),
  ];

  it.each([
    ['en', 'Sign now'],
    ['fi', 'Allekirjoita nyt'],
  ] as const)('%s: only the own row has "%s", and it opens the own signing page', async (lang, label) => {
    await changeLanguage(lang);
    const goTo = vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    await openPanel(signees, { editSignees: false, send: false, signNow: true }, 20);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).queryByRole('button', { name: label })).not.toBeInTheDocument();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: label }));
    expect(goTo).toHaveBeenCalledWith(link);
  });

  it('a long name and address are shown whole; Sign now sits apart from the status (issue 12 item 12)', async () => {
    vi.spyOn(signingBrowser, 'goTo').mockImplementation(() => undefined);
    const email = 'maria-kristiina.vaananen-lehtinen@kaupunginosa.example.com';
    await openPanel(
      [
        makeSignee({
          fullName: 'Maria-Kristiina Väänänen-Lehtinen',
          email,
          status: 'signing',
          isMe: true,
          signingLink: link,
        }),
      ],
      { editSignees: false, send: false, signNow: true },
      20,
    );
    const row = screen.getByRole('listitem');
    const name = within(row).getByText('Maria-Kristiina Väänänen-Lehtinen');
    // Mantine's `truncate` cuts text with "…" through data-truncate; rows wrap instead.
    expect(row.querySelector('[data-truncate]')).toBeNull();
    expect(within(row).getByText(new RegExp(email))).toBeInTheDocument();
    expect(name.parentElement).toHaveStyle({ overflowWrap: 'anywhere' });
    const status = within(row).getByTestId('signee-status');
    expect(status).toHaveStyle({ flexShrink: '0' });
    expect(within(status).getByText('Signing now')).toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: 'Sign now' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Sign now' })).toBeInTheDocument();
  });

  it('is absent without the ability', async () => {
    await openPanel(signees, { editSignees: false, send: false, signNow: false }, 20);
    expect(screen.queryByRole('button', { name: 'Sign now' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Declined', 'Declined 15 Jan 2025, 14:30: “Wrong price”'],
    ['fi', 'Kieltäytyi', 'Kieltäytyi 15.01.2025 14.30: ”Wrong price”'],
  ] as const)('%s: a declined signee shows Declined with the time and reason', async (lang, badge, line) => {
    await changeLanguage(lang);
    await openPanel([
      makeSignee({
        status: 'declined',
        declinedAt: '2025-01-15T12:30:00.000Z',
        declineReason: 'Wrong price',
      }),
    ]);
    expect(screen.getByText(badge)).toBeInTheDocument();
    expect(screen.getByTestId('signee-declined')).toHaveTextContent(line);
  });

  it.each([
    ['en', ['Declined', 'Stopped'], 'Waiting'],
    ['fi', ['Kieltäytyi', 'Keskeytyi'], 'Odottaa'],
  ] as const)(
    '%s: after a decline the others are stopped, no one is waiting (issue #31 item 3)',
    async (lang, badges, waiting) => {
      await changeLanguage(lang);
      await openPanel([
        makeSignee({ status: 'declined', declinedAt: '2025-01-15T12:30:00.000Z', declineReason: 'No' }),
        makeSignee({ id: '00000000-0000-4000-8000-0000000000e2', email: 'o@example.com', status: 'stopped' }),
      ]);
      const statuses = screen.getAllByTestId('signee-status').map((el) => el.textContent);
      expect(statuses).toEqual(badges);
      expect(screen.queryByText(waiting)).not.toBeInTheDocument();
    },
  );
});
