import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { CodeStep } from './CodeStep';

const T = 'c'.repeat(43);
const SEND = `POST /api/signing/session/${T}/code`;
const VERIFY = `POST /api/signing/session/${T}/verify`;

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

function show(onVerified = vi.fn(), onSessionProblem = vi.fn()) {
  renderAt(
    <CodeStep
      sessionToken={T}
      email="liisa@example.com"
      codeSentAt={null}
      codeExpiresAt={null}
      verified={false}
      onVerified={onVerified}
      onSessionProblem={onSessionProblem}
    />,
  );
  return { onVerified, onSessionProblem };
}

const sent = () => ({
  status: 'OK',
  codeSentAt: new Date().toISOString(),
  codeExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAt: new Date(Date.now() + 60_000).toISOString(),
});

describe('verification code', () => {
  it('sends the code, shows the resend wait, takes only 6 digits and verifies', async () => {
    const fetchMock = mockApi({ [SEND]: sent, [VERIFY]: () => ({ status: 'OK', codeVerified: true }) });
    const { onVerified } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Send code by e-mail' }));
    expect(await screen.findByText(/You can ask for a new code in (60|59) s\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    const input = screen.getByLabelText('Verification code');
    fireEvent.change(input, { target: { value: '12a3456789' } });
    expect(input).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(callsTo(fetchMock, VERIFY)).toEqual([{ code: '123456' }]);
  });

  it('focuses the code field once the code is sent and takes a pasted code with spaces', async () => {
    mockApi({ [SEND]: sent });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Send code by e-mail' }));
    const input = await screen.findByLabelText('Verification code');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).not.toHaveAttribute('maxlength');
    fireEvent.change(input, { target: { value: '123 456' } });
    expect(input).toHaveValue('123456');
  });

  it('refuses fewer than 6 digits without asking the server', async () => {
    const fetchMock = mockApi({ [SEND]: sent });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Send code by e-mail' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code.');
    expect(callsTo(fetchMock, VERIFY)).toEqual([]);
  });

  it('a wrong code shows the tries left (in Finnish too); a dead code asks for a new one', async () => {
    await changeLanguage('fi');
    let left = 2;
    mockApi({
      [SEND]: sent,
      [VERIFY]: () => {
        // The English message is deliberately unlike the shown text: the page reads reason and details only.
        const message = 'Server words that are never shown.';
        const attemptsLeft = left;
        left -= 2;
        return {
          status: 'ERROR',
          code: 'VALIDATION_FAILED',
          reason: 'CODE_WRONG',
          details: { attemptsLeft },
          message,
          fields: { code: message },
        };
      },
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä koodi sähköpostiin' }));
    fireEvent.change(await screen.findByLabelText('Vahvistuskoodi'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vahvista' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Koodi on väärä. 2 yritystä jäljellä.');
    fireEvent.change(screen.getByLabelText('Vahvistuskoodi'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vahvista' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Tämä koodi ei enää toimi. Pyydä uusi koodi.'),
    );
  });

  it('an expired code asks for a new one, read from the reason', async () => {
    mockApi({
      [SEND]: sent,
      [VERIFY]: () => ({ status: 'ERROR', code: 'CONFLICT', reason: 'CODE_EXPIRED', message: 'x' }),
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Send code by e-mail' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code no longer works. Ask for a new code.',
    );
  });

  it('an ended session is reported to the page', async () => {
    mockApi({
      [SEND]: () => ({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'SIGNING_SESSION_EXPIRED',
        message: 'Your 60 minutes for signing have run out.',
      }),
    });
    const { onSessionProblem } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Send code by e-mail' }));
    await waitFor(() => expect(onSessionProblem).toHaveBeenCalled());
  });
});
