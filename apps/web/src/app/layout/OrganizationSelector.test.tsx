import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../components/modals';
import {
  CREATED,
  JOINED,
  ORG_NEW,
  OWN,
  PERSONAL,
  accountReply,
  reloginReply,
  signIn,
} from '../../features/organizations/test/fixtures';
import { changeLanguage } from '../../lib/i18n';
import { browserPage } from '../../lib/navigation';
import { sessionStore } from '../../lib/session';
import { callsTo, mockApi, renderAt } from '../../test/render-route';
import { OrganizationSelector } from './OrganizationSelector';

beforeEach(() => signIn());
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function mockCreate(reply: () => unknown = () => ({ status: 'OK', companyId: ORG_NEW })) {
  let organizations = [PERSONAL, OWN, JOINED];
  return mockApi({
    'GET /api/authentication/accounts': () => accountReply(organizations)(),
    'POST /api/authentication/create-company': () => {
      const answer = reply() as { status: string };
      if (answer.status === 'OK') organizations = [PERSONAL, OWN, JOINED, CREATED];
      return answer;
    },
    'POST /api/authentication/login': reloginReply,
  });
}

const show = () =>
  renderAt(
    <>
      <OrganizationSelector />
      <ModalHost />
    </>,
  );

async function openCreateDialog(selector = 'Select organization', item = 'Create organization') {
  await userEvent.click(await screen.findByRole('button', { name: selector }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: item });
}

describe('organization-create from the organization selector (SPEC §4.6)', () => {
  it('creates, logs in again, finds the new organization and opens it', async () => {
    const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    const fetchMock = mockCreate();
    show();
    const dialog = await openCreateDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Please enter a name for the organization.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/authentication/create-company')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Organization name'), '  Gamma Oy {Enter}');
    const complete = await screen.findByRole('dialog', { name: 'Organization created' });
    expect(complete).toHaveTextContent('Gamma Oy is ready.');
    expect(callsTo(fetchMock, 'POST /api/authentication/create-company')).toEqual([{ name: 'Gamma Oy' }]);
    expect(callsTo(fetchMock, 'POST /api/authentication/login')).toEqual([{ type: 'SESSION' }]);
    expect(sessionStore.selectedOrganization()).not.toBe(ORG_NEW);

    await userEvent.click(within(complete).getByRole('button', { name: 'Open organization' }));
    expect(sessionStore.selectedOrganization()).toBe(ORG_NEW);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    mockCreate(() => ({
      status: 'ERROR',
      code: 'CONFLICT',
      reason: 'ORGANIZATION_LIMIT_REACHED',
      message: 'An account can own at most 20 organizations.',
    }));
    show();
    const dialog = await openCreateDialog();
    await userEvent.type(within(dialog).getByLabelText('Organization name'), 'Gamma Oy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('You own the most organizations an account may own.'),
    ).toBeInTheDocument();
    expect(modalStore.isOpen('organization-create-complete')).toBe(false);
  });

  it('speaks Finnish', async () => {
    await changeLanguage('fi');
    mockCreate();
    show();
    const dialog = await openCreateDialog('Valitse organisaatio', 'Luo organisaatio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Luo' }));
    expect(within(dialog).getByText('Anna organisaatiolle nimi.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Organisaation nimi'), 'Gamma Oy{Enter}');
    const complete = await screen.findByRole('dialog', { name: 'Organisaatio luotu' });
    expect(within(complete).getByRole('button', { name: 'Avaa organisaatio' })).toBeInTheDocument();
  });
});
