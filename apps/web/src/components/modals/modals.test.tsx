import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODAL_SHAKE_MS, NAME_INPUT_FOCUS_MS } from '@sinetti/contract';
import * as sounds from '../../lib/sounds';
import { resetTestState } from '../../test/utils';
import { AppModal, ModalConfirmButton } from './AppModal';
import { ModalHost } from './ModalHost';
import { registerModal, type ModalComponentProps } from './registry';
import { MODAL_EXIT_MS, modalStore, useModals } from './store';

declare module './registry' {
  interface ModalPropsMap {
    'test-greeting': { name: string };
  }
}

function renderModal(overlayClose: boolean, onClose = vi.fn()) {
  render(
    <MantineProvider env="test">
      <AppModal opened onClose={onClose} title="Rename" overlayClose={overlayClose} progress={40}>
        <input aria-label="Name" data-autofocus />
        <input aria-label="Note" />
      </AppModal>
    </MantineProvider>,
  );
  return onClose;
}

beforeEach(() => {
  vi.spyOn(sounds, 'playSound').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  resetTestState();
});

describe('AppModal', () => {
  it('closes on overlay click when overlay-close is on', () => {
    const onClose = renderModal(true);
    fireEvent.click(screen.getByTestId('modal-overlay'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sounds.playSound).not.toHaveBeenCalled();
  });

  it('shakes for 400 ms with the error sound and stays open when overlay-close is off', () => {
    vi.useFakeTimers();
    const onClose = renderModal(false);
    fireEvent.click(screen.getByTestId('modal-overlay'));
    expect(onClose).not.toHaveBeenCalled();
    expect(sounds.playSound).toHaveBeenCalledWith('error');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('data-shaking');
    expect(dialog).toHaveClass('sinetti-modal-shake');
    act(() => vi.advanceTimersByTime(MODAL_SHAKE_MS));
    expect(dialog).not.toHaveAttribute('data-shaking');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape and with the close cross', () => {
    const onClose = renderModal(false);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('focuses the name input 500 ms after opening and shows the progress', () => {
    vi.useFakeTimers();
    renderModal(true);
    const input = screen.getByLabelText('Name');
    const closeButton = screen.getByRole('button', { name: 'Close' });
    // Let the focus trap settle first, then move focus away: the delayed focus must bring it back.
    act(() => vi.advanceTimersByTime(100));
    act(() => closeButton.focus());
    act(() => vi.advanceTimersByTime(NAME_INPUT_FOCUS_MS - 101));
    expect(closeButton).toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(input).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');
  });

  it.each([
    ['types', (note: HTMLElement) => fireEvent.input(note, { target: { value: 'Hello' } })],
    ['presses a key', (note: HTMLElement) => fireEvent.keyDown(note, { key: 'H' })],
    ['clicks', (note: HTMLElement) => fireEvent.pointerDown(note)],
  ])('leaves the focus where it is when the user %s in the dialog within 500 ms', (_, use) => {
    vi.useFakeTimers();
    renderModal(true);
    const note = screen.getByLabelText('Note');
    act(() => vi.advanceTimersByTime(100));
    act(() => note.focus());
    act(() => use(note));
    act(() => vi.advanceTimersByTime(NAME_INPUT_FOCUS_MS));
    expect(note).toHaveFocus();
  });

  it('still focuses the name input when the user only used the page behind the dialog', () => {
    vi.useFakeTimers();
    renderModal(true);
    act(() => vi.advanceTimersByTime(100));
    act(() => fireEvent.keyDown(document.body, { key: 'Tab' }));
    act(() => vi.advanceTimersByTime(NAME_INPUT_FOCUS_MS));
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});

describe('destructive dialogs', () => {
  function renderConfirm(destructive: boolean) {
    render(
      <MantineProvider env="test">
        <AppModal opened onClose={vi.fn()} title="Delete" destructive={destructive}>
          <ModalConfirmButton>Delete</ModalConfirmButton>
        </AppModal>
      </MantineProvider>,
    );
    return screen.getByRole('button', { name: 'Delete' });
  }

  it('makes the confirm button red and marks the dialog', () => {
    const button = renderConfirm(true);
    expect(button.getAttribute('style')).toContain('--mantine-color-red-filled');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-destructive');
  });

  it('keeps the primary colour in an ordinary dialog', () => {
    const button = renderConfirm(false);
    expect(button.getAttribute('style') ?? '').not.toContain('red');
    expect(screen.getByRole('dialog')).not.toHaveAttribute('data-destructive');
  });
});

function Greeting({ props, opened, close }: ModalComponentProps<'test-greeting'>) {
  return (
    <AppModal opened={opened} onClose={close} title="Greeting" overlayClose>
      Hello {props.name}
    </AppModal>
  );
}

function Opener() {
  const modals = useModals();
  return (
    <>
      <button onClick={() => modals.open('test-greeting', { name: 'Aino' })}>open</button>
      <button onClick={() => modals.close('test-greeting')}>close</button>
    </>
  );
}

describe('modals by name', () => {
  it('opens a registered modal with its props and unmounts it after closing', () => {
    vi.useFakeTimers();
    registerModal('test-greeting', Greeting);
    render(
      <MantineProvider env="test">
        <Opener />
        <ModalHost />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByText('Hello Aino')).toBeInTheDocument();
    expect(modalStore.isOpen('test-greeting')).toBe(true);

    fireEvent.click(screen.getByText('close'));
    expect(modalStore.isOpen('test-greeting')).toBe(false);
    act(() => vi.advanceTimersByTime(MODAL_EXIT_MS));
    expect(modalStore.get()).toEqual([]);
    expect(screen.queryByText('Hello Aino')).not.toBeInTheDocument();
  });

  it('gives focus back to the control that opened the modal when it closes', () => {
    vi.useFakeTimers();
    registerModal('test-greeting', Greeting);
    render(
      <MantineProvider env="test">
        <Opener />
        <ModalHost />
      </MantineProvider>,
    );
    const opener = screen.getByText('open');
    act(() => opener.focus());
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(100));
    expect(opener).not.toHaveFocus();

    fireEvent.click(close);
    act(() => vi.advanceTimersByTime(MODAL_EXIT_MS));
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the opener after Escape too (issue #31 item 3)', () => {
    vi.useFakeTimers();
    registerModal('test-greeting', Greeting);
    render(
      <MantineProvider env="test">
        <Opener />
        <ModalHost />
      </MantineProvider>,
    );
    const opener = screen.getByText('open');
    act(() => opener.focus());
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(100));
    expect(opener).not.toHaveFocus();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(modalStore.isOpen('test-greeting')).toBe(false);
    act(() => vi.advanceTimersByTime(MODAL_EXIT_MS));
    expect(opener).toHaveFocus();
  });

  it('keeps a modal that is opened again while closing', () => {
    vi.useFakeTimers();
    registerModal('test-greeting', Greeting);
    act(() => modalStore.open('test-greeting', { name: 'A' }));
    act(() => modalStore.close('test-greeting'));
    act(() => modalStore.open('test-greeting', { name: 'B' }));
    act(() => vi.advanceTimersByTime(MODAL_EXIT_MS));
    expect(modalStore.get()).toMatchObject([{ name: 'test-greeting', props: { name: 'B' }, opened: true }]);
  });
});
