import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { DeclineButton } from './DeclineButton';

const TOKEN = 'a'.repeat(43);
const LINK = `POST /api/signing/decline/${TOKEN}`;
const SESSION = `POST /api/signing/session/${TOKEN}/decline`;

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

describe('decline dialog', () => {
  it('needs a reason, sends it from the link, and reports success', async () => {
    const fetchMock = mockApi({ [LINK]: () => ({ status: 'OK' }) });
    const onDeclined = vi.fn();
    renderAt(<DeclineButton from={{ link: TOKEN }} onDeclined={onDeclined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Decline to sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline to sign' });
    expect(dialog).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Tell the sender why you decline.')).toBeInTheDocument();
    expect(callsTo(fetchMock, LINK)).toEqual([]);

    const reason = screen.getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('maxlength', '500');
    fireEvent.change(reason, { target: { value: '  Wrong price  ' } });
    expect(screen.getByText('485 characters left')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onDeclined).toHaveBeenCalledTimes(1));
    expect(callsTo(fetchMock, LINK)).toEqual([{ reason: 'Wrong price' }]);
  });

  it('from the signing page uses the session, and shows the server reason in Finnish', async () => {
    await changeLanguage('fi');
    const fetchMock = mockApi({
      [SESSION]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'SIGNING_DECLINED',
        message: 'A signee has declined.',
      }),
    });
    const onDeclined = vi.fn();
    renderAt(<DeclineButton from={{ session: TOKEN }} onDeclined={onDeclined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Kieltäydy allekirjoittamasta' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Perustelu/ }), {
      target: { value: 'Väärä hinta' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Kieltäydy' }));
    expect(
      await screen.findByText(
        'Allekirjoittaja on kieltäytynyt allekirjoittamasta tätä asiakirjaa, joten allekirjoitus on päättynyt.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, SESSION)).toEqual([{ reason: 'Väärä hinta' }]);
    expect(onDeclined).not.toHaveBeenCalled();
  });
});
