import { fireEvent, screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderAt } from '../../../test/render-route';
import { resetTestState } from '../../../test/utils';
import { SigningActionBar } from './SigningActionBar';
import { currentStep, type SigningStep } from './SigningSteps';

afterEach(async () => {
  resetTestState();
  await changeLanguage('en');
});

const bar = (step: SigningStep, ready = false, extra?: React.ReactNode) => {
  const onSign = vi.fn();
  const onJump = vi.fn();
  renderAt(
    <SigningActionBar step={step} ready={ready} signing={false} onSign={onSign} onJump={onJump}>
      {extra}
    </SigningActionBar>,
  );
  return { onSign, onJump };
};

const currentLabel = (name = 'Signing steps') =>
  screen.getByRole('list', { name }).querySelector('[aria-current="step"]')?.textContent?.replace(/^\d/, '');

describe('signing steps and the sticky action bar', () => {
  it('knows the step: read until the document loaded, then the code, then sign', () => {
    expect(currentStep({ viewed: false, verified: false })).toBe('read');
    expect(currentStep({ viewed: false, verified: true })).toBe('read');
    expect(currentStep({ viewed: true, verified: false })).toBe('code');
    expect(currentStep({ viewed: true, verified: true })).toBe('sign');
  });

  it('read: the first step is current, Sign disabled, jump offered', () => {
    const { onJump, onSign } = bar('read');
    expect(currentLabel()).toBe('Read');
    expect(screen.getByText('Read the document below.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to signing' }));
    expect(onJump).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign' })).toBeDisabled();
    expect(onSign).not.toHaveBeenCalled();
  });

  it('code: reading is marked done and the code step is current', () => {
    bar('code');
    expect(currentLabel()).toBe('Confirm code');
    expect(screen.getAllByLabelText('Done')).toHaveLength(1);
    expect(screen.getByText('Confirm your e-mail address with the code we send you.')).toBeInTheDocument();
  });

  it('sign and ready: Sign works, no jump needed, extra actions sit in the same bar', () => {
    const { onSign } = bar('sign', true, <Button>Decline</Button>);
    expect(currentLabel()).toBe('Sign');
    expect(screen.getAllByLabelText('Done')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Go to signing' })).not.toBeInTheDocument();
    expect(screen.getByTestId('signing-action-bar')).toContainElement(
      screen.getByRole('button', { name: 'Decline' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).toHaveBeenCalledTimes(1);
  });

  it('speaks Finnish', async () => {
    await changeLanguage('fi');
    bar('code');
    expect(currentLabel('Allekirjoituksen vaiheet')).toBe('Vahvista koodi');
    expect(screen.getByRole('button', { name: 'Siirry allekirjoittamaan' })).toBeInTheDocument();
  });
});
