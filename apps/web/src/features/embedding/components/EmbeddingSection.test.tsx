import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signInAs } from '../../../test/utils';
import { EmbeddingSection } from './EmbeddingSection';

const E = '/api/embedding';

beforeEach(() => signInAs('OK'));
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function open(origins: string[], replies: Parameters<typeof mockApi>[0] = {}) {
  let saved = origins;
  const fetchMock = mockApi({
    [`GET ${E}`]: () => ({ status: 'OK', origins: saved }),
    [`POST ${E}`]: (body) => {
      saved = (body as { origins: string[] }).origins.map((o) => o.toLowerCase().replace(/\/$/, ''));
      return { status: 'OK', origins: saved };
    },
    ...replies,
  });
  renderAt(<EmbeddingSection />);
  return fetchMock;
}

describe('Settings → Embedding (issue #34 item 3)', () => {
  it('shows the saved origins and saves the edited list, one per line', async () => {
    const fetchMock = open(['https://shop.example.com']);
    const box = await screen.findByLabelText(/Allowed origins/);
    expect(box).toHaveValue('https://shop.example.com');
    fireEvent.change(box, { target: { value: 'https://shop.example.com\n\n  HTTPS://App.Example.com/ \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `POST ${E}`)).toEqual([
        { origins: ['https://shop.example.com', 'HTTPS://App.Example.com/'] },
      ]),
    );
    await waitFor(() => expect(box).toHaveValue('https://shop.example.com\nhttps://app.example.com'));
  });

  it('refuses a line with a path before asking the server', async () => {
    const fetchMock = open([]);
    fireEvent.change(await screen.findByLabelText(/Allowed origins/), {
      target: { value: 'https://shop.example.com/checkout' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/https:\/\/shop.example.com\/checkout is not an origin/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${E}`)).toEqual([]);
  });

  it("shows the server's refusal of http to another host by its reason, in Finnish too", async () => {
    await changeLanguage('fi');
    open([], {
      [`POST ${E}`]: () => ({
        status: 'ERROR',
        code: 'VALIDATION_FAILED',
        reason: 'EMBED_ORIGIN_NOT_ALLOWED',
        message: 'http is allowed for localhost only',
      }),
    });
    fireEvent.change(await screen.findByLabelText(/Sallitut originit/), {
      target: { value: 'http://shop.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna' }));
    expect(await screen.findByText(/Käytä https-osoitetta/)).toBeInTheDocument();
  });
});
