import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../components/modals';
import { registerOrganizationModals } from '../../features/organizations/modals';
import { guideFetches, renderShellWithGuide, states } from '../../features/tour/tour-test-kit';
import { resetTestState } from '../../test/utils';

// The tour (features/tour) and the invitations dialog (features/organizations) meet only in the shell:
// their test lives here, where the app puts features together, so that no feature imports another.

afterEach(() => {
  vi.useRealTimers();
  resetTestState();
  localStorage.clear();
});

describe('the tour and dialogs (issue #31 item 1)', () => {
  // The shell registers it when its layout has loaded; the first test opens it before that.
  registerOrganizationModals();
  it('waits while a dialog is open, and shows at its step once the dialog has closed', async () => {
    // The tour's code is at hand, so that it would show at once were it not waiting.
    await import('../../features/tour/DashboardTour');
    const { fetchMock } = renderShellWithGuide({ guide: states(false, 2) });
    // The dialog opens first (as the invitations popup may, before the tour's 1 s fetch).
    act(() => modalStore.open('organization-invites'));
    const invites = await screen.findByRole('dialog', { name: 'Organization invitations' });
    await waitFor(() => expect(guideFetches(fetchMock)).toBe(1));
    // Long enough for the tour to have shown, had it not waited.
    await new Promise((r) => setTimeout(r, 1000));
    expect(screen.queryByRole('dialog', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toEqual([invites]);
    // The dialog's own buttons take clicks: nothing lies over them.
    // Its own Close button (the last of the two named so: the cross comes first).
    await userEvent.click(within(invites).getAllByRole('button', { name: 'Close' }).at(-1)!);
    const tour = await screen.findByRole('dialog', { name: 'Create' });
    expect(tour).toHaveTextContent('Step 3 of 8');
  });

  it('steps aside when a dialog opens over it, and comes back at the same step', async () => {
    renderShellWithGuide({ guide: states(false, 2) });
    await screen.findByRole('dialog', { name: 'Create' });
    act(() => modalStore.open('organization-invites'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create' })).not.toBeInTheDocument());
    act(() => modalStore.close('organization-invites'));
    expect(await screen.findByRole('dialog', { name: 'Create' })).toHaveTextContent('Step 3 of 8');
  });
});
