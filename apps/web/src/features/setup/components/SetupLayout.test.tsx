import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { STORAGE_KEYS, readJson } from '../../../lib/storage';
import { callsTo, mockApi, renderAt } from '../../../test/render-route';
import { signInForSetup } from '../test/fixtures';
import { SetupLayout } from './SetupLayout';

beforeEach(signInForSetup);
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('setup wizard frame', () => {
  it('has the language switch: the wizard turns Finnish and the account keeps it', async () => {
    const fetchMock = mockApi({
      'GET /api/authentication/language/fi': () => ({ status: 'OK', language: 'fi' }),
    });
    renderAt(
      <SetupLayout step={2} title="Title">
        <p>step</p>
      </SetupLayout>,
    );
    expect(screen.getByText('organization name', { exact: false })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Suomi' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/authentication/language/fi')).toHaveLength(1));
    expect(readJson(STORAGE_KEYS.language)).toBe('fi');
    expect(await screen.findByRole('button', { name: 'Kirjaudu ulos' })).toBeInTheDocument();
  });
});
