import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { mockPhoneWidth, phoneCard } from '../../../test/phone';
import { registerMembersModals } from '../modals';
import { A, accountReply, accountRoles, invitesReply, membersReply, signIn } from '../test/fixtures';
import { UsersSection } from './UsersSection';

beforeEach(() => {
  signIn();
  registerMembersModals();
  mockPhoneWidth();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function open() {
  mockApi({
    'GET /api/authentication/accounts': accountReply(),
    'GET /api/privileges/account-roles': accountRoles(),
    [`GET ${A}/company-users`]: membersReply(),
    [`GET ${A}/invites/company/pending`]: invitesReply(),
  });
  renderAt(
    <>
      <UsersSection />
      <ModalHost />
    </>,
  );
}

describe('Settings → Users on a 390 px phone (issue 12 item 9)', () => {
  it.each([
    ['en', 'Users and pending invites', 'E-mail:', 'Roles:', 'Actions for Maija Member'],
    ['fi', 'Käyttäjät ja odottavat kutsut', 'Sähköposti:', 'Roolit:', 'Toiminnot: Maija Member'],
  ] as const)(
    '%s: one card per user with e-mail, roles and the actions',
    async (lang, list, email, roles, menu) => {
      await changeLanguage(lang);
      open();
      const maija = await phoneCard(list, (c) => c.textContent?.includes('Maija Member') ?? false);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(maija).toHaveTextContent(`${email}maija@acme.fi`);
      expect(maija).toHaveTextContent(roles);
      fireEvent.click(within(maija).getByRole('button', { name: menu }));
      expect(await screen.findByRole('menu')).toBeInTheDocument();
      expect(await phoneCard(list, (c) => c.textContent?.includes('uusi@acme.fi') ?? false)).toBeDefined();
    },
  );
});
