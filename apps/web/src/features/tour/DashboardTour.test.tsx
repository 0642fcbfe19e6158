import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { readJson, STORAGE_KEYS } from '../../lib/storage';
import { resetTestState } from '../../test/utils';
import { renderShellWithGuide, savedProgress } from './tour-test-kit';

afterEach(async () => {
  resetTestState();
  localStorage.clear();
  await changeLanguage('en');
});

const ACCOUNT = '00000000-0000-4000-8000-0000000000aa';
const tour = () => screen.getByRole('dialog');
const next = () => userEvent.click(within(tour()).getByRole('button', { name: 'Next' }));
const createItems = () => screen.queryAllByRole('menuitem').map((item) => item.textContent);

/** The step shown now: its title (the dialog's name), counter and what it highlights. */
function shown() {
  const dialog = tour();
  return {
    title: dialog.getAttribute('aria-labelledby')
      ? document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent
      : null,
    step: dialog.getAttribute('data-tour-step'),
    counter: within(dialog).getByText(/^Step \d of \d$/).textContent,
  };
}

describe('guided dashboard tour (SPEC §2.8)', () => {
  it('walks the 8 steps with next; the Create menu opens at create-folder and closes at the end', async () => {
    const { fetchMock } = renderShellWithGuide();
    await screen.findByRole('dialog', { name: 'Welcome to Sinetti' });
    expect(shown()).toEqual({ title: 'Welcome to Sinetti', step: 'start', counter: 'Step 1 of 8' });
    expect(within(tour()).getByRole('button', { name: 'Skip tour' })).toBeInTheDocument();
    // The popup holds the keyboard: Next has the focus.
    await waitFor(() => expect(within(tour()).getByRole('button', { name: 'Next' })).toHaveFocus());

    await next();
    expect(shown()).toEqual({
      title: 'Your organizations',
      step: 'select-organization',
      counter: 'Step 2 of 8',
    });
    await next();
    expect(shown()).toMatchObject({ title: 'Create', step: 'create-button' });
    expect(within(tour()).getAllByRole('listitem')).toHaveLength(3);
    expect(createItems()).toEqual([]);

    const menuSteps = [
      ['create-folder', 'New folder'],
      ['create-document', 'New document'],
      ['create-template', 'New template'],
      ['create-upload', 'Upload'],
    ];
    for (const [step, title] of menuSteps) {
      await next();
      expect(shown()).toMatchObject({ step, title });
      await waitFor(() =>
        expect(createItems()).toEqual(['New folder', 'New document', 'New template', 'Upload']),
      );
    }
    await next();
    expect(shown()).toEqual({ title: 'You are ready', step: 'end', counter: 'Step 8 of 8' });
    await waitFor(() => expect(createItems()).toEqual([]));
    expect(within(tour()).queryByRole('button', { name: 'Skip tour' })).not.toBeInTheDocument();

    await userEvent.click(within(tour()).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Each next saved the step reached; done completed the guide.
    expect(savedProgress(fetchMock)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7].map((step) => ({ name: 'dashboard', complete: false, step })),
      { name: 'dashboard', complete: true },
    ]);
    expect(readJson(STORAGE_KEYS.guide)).toEqual({ [ACCOUNT]: { dashboard: { complete: true, step: 7 } } });
  });

  it('skip completes the whole guide at once, on the server and in this browser', async () => {
    const { fetchMock } = renderShellWithGuide();
    await screen.findByRole('dialog', { name: 'Welcome to Sinetti' });
    await next();
    await userEvent.click(within(tour()).getByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savedProgress(fetchMock).at(-1)).toEqual({ name: 'dashboard', complete: true });
    expect(readJson(STORAGE_KEYS.guide)).toEqual({ [ACCOUNT]: { dashboard: { complete: true, step: 7 } } });
  });

  it('Escape skips, and closes a Create menu the tour held open', async () => {
    const { fetchMock } = renderShellWithGuide();
    await screen.findByRole('dialog', { name: 'Welcome to Sinetti' });
    for (let i = 0; i < 3; i++) await next();
    await waitFor(() => expect(createItems()).toHaveLength(4));
    fireEvent.keyDown(within(tour()).getByRole('button', { name: 'Next' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(createItems()).toEqual([]));
    expect(savedProgress(fetchMock).at(-1)).toEqual({ name: 'dashboard', complete: true });
  });

  it('leaves out the Create steps for a member who may not create documents', async () => {
    renderShellWithGuide({ permissions: [] });
    await screen.findByRole('dialog', { name: 'Welcome to Sinetti' });
    expect(shown().counter).toBe('Step 1 of 3');
    await next();
    expect(shown()).toMatchObject({ step: 'select-organization', counter: 'Step 2 of 3' });
    await next();
    expect(shown()).toMatchObject({ step: 'end', counter: 'Step 3 of 3' });
  });

  it('speaks Finnish', async () => {
    await changeLanguage('fi');
    renderShellWithGuide({ language: 'fi' });
    const dialog = await screen.findByRole('dialog', { name: 'Tervetuloa Sinettiin' });
    expect(within(dialog).getByText('Vaihe 1/8')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ohita esittely' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Seuraava' })).toBeInTheDocument();
  });
});
