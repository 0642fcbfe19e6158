import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { SigningStartPage } from './SigningStartPage';

vi.mock('../../../lib/sounds', () => ({ playSound: vi.fn() }));
vi.mock('../../../components/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const TOKEN = 'c'.repeat(43);

afterEach(async () => {
  await changeLanguage('en');
  resetTestState();
  vi.clearAllMocks();
});

describe('SigningStart out of turn (issue #33 item 3)', () => {
  it.each([
    ['en', 'It is not your turn yet', 'Others sign this document before you: Anna Aalto, Bert Berg.'],
    [
      'fi',
      'Ei vielä sinun vuorosi',
      'Muut allekirjoittavat tämän asiakirjan ennen sinua: Anna Aalto, Bert Berg.',
    ],
  ] as const)('%s: names who signs first and offers no start button', async (lang, title, text) => {
    mockApi({
      [`GET /api/signing/status/signee/${TOKEN}`]: () => ({
        status: 'OK',
        locked: false,
        signed: false,
        completed: false,
        notYourTurn: true,
        waitingFor: ['Anna Aalto', 'Bert Berg'],
        documentName: 'Lease',
        signeeName: 'Liisa',
        lang,
      }),
    });
    renderAt(<SigningStartPage token={TOKEN} />, {
      path: '/public/sign/:signee',
      url: `/public/sign/${TOKEN}`,
    });
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByTestId('not-your-turn')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: /Start signing|Aloita allekirjoitus/ })).toBeNull();
  });
});
