import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
import { changeLanguage } from '../../../lib/i18n';
import { makeAbilities } from '../../../test/abilities';
import { mockPhoneWidth } from '../../../test/phone';
import { mockApi, renderAt } from '../../../test/render-route';
import { registerDocumentModals } from '../modals';
import { DOC_ID, doc, rolesReply, signIn } from '../test/fixtures';
import { DocumentPage } from './DocumentPage';

vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  signIn();
  registerDocumentModals();
});
afterEach(async () => {
  modalStore.reset();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function openPage() {
  const document = doc({ id: DOC_ID, name: 'Notes', type: 'file', extension: 'txt', mimeType: 'text/plain' });
  mockApi({
    'GET /api/privileges/account-roles': rolesReply(),
    [`GET /api/documents/info/${DOC_ID}`]: () => ({ status: 'OK', document, abilities: makeAbilities() }),
    [`GET /api/documents/content/${DOC_ID}`]: () => ({
      status: 'OK',
      hash: 'a'.repeat(64),
      content: btoa('hello'),
      contentMimeType: 'text/plain',
      conversion: 'none',
    }),
  });
  renderAt(
    <>
      <DocumentPage
        id={DOC_ID}
        sidePanel={() => null}
        extraActions={({ document: d }) => <button type="button">Send {d.name}</button>}
      />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
}

describe('document header on a 390 px phone (issue 12 item 9)', () => {
  it.each([
    ['en', 'More', ['Refresh', 'Versions', 'Rename', 'Permissions', 'Share', 'Archive', 'Delete'], 'Rename'],
    [
      'fi',
      'Lisää toimintoja',
      ['Päivitä', 'Versiot', 'Nimeä uudelleen', 'Käyttöoikeudet', 'Jaa', 'Arkistoi', 'Poista'],
      'Nimeä uudelleen',
    ],
  ] as const)(
    '%s: sending and download stay, the rest are under "%s", by keyboard',
    async (lang, more, items, rename) => {
      await changeLanguage(lang);
      mockPhoneWidth();
      openPage();
      const toolbar = await screen.findByRole('toolbar');
      const moreButton = await within(toolbar).findByRole('button', { name: more });
      expect(within(toolbar).getByRole('button', { name: 'Send Notes' })).toBeInTheDocument();
      expect(within(toolbar).getAllByRole('button')).toHaveLength(3); // send, download, more
      moreButton.focus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(items);
      await userEvent.click(within(menu).getByRole('menuitem', { name: rename }));
      expect(modalStore.get().map((m) => m.name)).toEqual(['document-rename']);
    },
  );

  it('a wide screen keeps every action as its own button', async () => {
    openPage();
    const toolbar = await screen.findByRole('toolbar');
    expect(await within(toolbar).findByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });
});
