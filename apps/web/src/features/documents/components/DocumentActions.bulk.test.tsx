import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost, modalStore } from '../../../components/modals';
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
afterEach(() => {
  modalStore.reset();
  vi.unstubAllGlobals();
});

/** A template's page whose abilities the server answers with `bulkSend`. */
function openTemplate(bulkSend: boolean) {
  const document = doc({
    id: DOC_ID,
    name: 'Lease',
    type: 'template',
    extension: 'txt',
    mimeType: 'text/plain',
  });
  mockApi({
    'GET /api/privileges/account-roles': rolesReply(),
    [`GET /api/documents/info/${DOC_ID}`]: () => ({
      status: 'OK',
      document,
      abilities: makeAbilities({ bulkSend }),
    }),
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
      <DocumentPage id={DOC_ID} sidePanel={() => null} />
      <ModalHost />
    </>,
    { path: '/document/:document', url: `/document/${DOC_ID}` },
  );
}

async function menuItems(): Promise<HTMLElement> {
  const toolbar = await screen.findByRole('toolbar');
  await userEvent.click(await within(toolbar).findByRole('button', { name: 'More' }));
  return screen.findByRole('menu');
}

describe('Bulk send beside Use template (issue #33 item 4)', () => {
  it('is offered when the template’s abilities allow it and opens the bulk send dialog', async () => {
    mockPhoneWidth();
    openTemplate(true);
    const menu = await menuItems();
    expect(within(menu).getByRole('menuitem', { name: 'Use template' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Bulk send' }));
    expect(modalStore.get().map((m) => [m.name, m.props])).toEqual([
      ['bulk-send', { template: { id: DOC_ID, name: 'Lease' } }],
    ]);
  });

  it('is not offered without the ability', async () => {
    mockPhoneWidth();
    openTemplate(false);
    const menu = await menuItems();
    expect(within(menu).getByRole('menuitem', { name: 'Use template' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Bulk send' })).not.toBeInTheDocument();
  });
});
