import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { mockFetch, resetTestState } from './test/utils';
import { showBootFailure } from './boot-failure';
import { resetErrorReports } from './lib/error-reporting';

afterEach(() => {
  resetTestState();
  resetErrorReports();
  vi.restoreAllMocks();
});

describe('a failed load of the app', () => {
  it('replaces the splash with a message in both languages, a way to try again, and a report', () => {
    const fetchMock = mockFetch({ 'POST /api/error-reports': { body: { status: 'OK' } } });
    const root = document.createElement('div');
    root.innerHTML = '<div class="sinetti-splash"></div>';
    document.body.append(root);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });

    showBootFailure(new TypeError('Failed to fetch dynamically imported module: /assets/boot-1.js'), root);

    expect(root.querySelector('.sinetti-splash')).toBeNull();
    const alert = within(root).getByRole('alert');
    expect(alert).toHaveTextContent('Sinetti could not be opened. Check your connection and try again.');
    expect(alert).toHaveTextContent('Sinettiä ei voitu avata. Tarkista verkkoyhteys ja yritä uudelleen.');
    const retry = within(root).getByRole('button', { name: 'Try again · Yritä uudelleen' });
    expect(retry).toHaveFocus();
    retry.click();
    expect(reload).toHaveBeenCalledTimes(1);
    const reports = fetchMock.mock.calls.filter(([url]) => url === '/api/error-reports');
    expect(JSON.parse(String(reports[0]?.[1]?.body))).toMatchObject({
      kind: 'uncaught',
      message: 'The app could not be loaded: Failed to fetch dynamically imported module: /assets/boot-1.js',
    });
    root.remove();
  });
});
