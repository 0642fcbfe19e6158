import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInForSetup, wizard, wizardReply } from '../test/fixtures';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { SelfSkippingStep } from './SelfSkippingStep';

beforeEach(signInForSetup);
afterEach(() => vi.unstubAllGlobals());

// Rendering Mantine in jsdom is slow on a busy two-core machine; no test asserts timing.
describe('self-skipping steps', () => {
  it('the invites step skips itself exactly once, even in StrictMode', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(3)),
      'GET /api/authentication/wizard/skip': () => wizardReply(wizard(4, { skipped: [3] })),
    });
    renderAt(
      <StrictMode>
        <SelfSkippingStep step={3} />
      </StrictMode>,
      { path: '/setup/invites' },
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/invite-users');
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard/skip')).toHaveLength(1);
  });

  it('does not skip when the server is on another step', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/wizard-steps': () => wizardReply(wizard(4, { skipped: [3] })),
    });
    renderAt(<SelfSkippingStep step={3} />, { path: '/setup/invites' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/setup/invite-users');
    expect(callsTo(fetchMock, 'GET /api/authentication/wizard/skip')).toHaveLength(0);
  });
});
