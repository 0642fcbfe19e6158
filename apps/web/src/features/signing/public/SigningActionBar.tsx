import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIGNING_STEPS, SigningSteps, type SigningStep } from './SigningSteps';

export interface SigningActionBarProps {
  step: SigningStep;
  /** The flow's steps (default: read → code → sign). */
  steps?: readonly SigningStep[];
  /** The sign button's text (default "Sign"; a QTSP's flow names the provider). */
  signLabel?: string;
  /** The hint at the sign step (default: the code flow's). */
  signHint?: string;
  /** Every condition to sign is met. */
  ready: boolean;
  signing: boolean;
  onSign: () => void;
  /** Scrolls to the step the signee is at and focuses it. */
  onJump: () => void;
  /** More actions beside Sign (e.g. Decline), kept in the same sticky bar. */
  children?: ReactNode;
  /** The walk through the fields placed on the document (FieldWalker), above the steps; none without fields. */
  walker?: ReactNode;
  /** At the sign step, required fields are still to fill: the hint says so. */
  fieldsLeft?: boolean;
}

/**
 * The signing page's action bar, sticky at the bottom on desktop and phone: where the signee is (steps),
 * a "jump to sign" control that takes them to their current step, and Sign itself.
 */
export function SigningActionBar({
  step,
  steps = SIGNING_STEPS,
  signLabel,
  signHint,
  ready,
  signing,
  onSign,
  onJump,
  children,
  walker,
  fieldsLeft = false,
}: SigningActionBarProps) {
  const { t } = useTranslation('signee');
  const hint = ready
    ? t('steps.readyHint')
    : step === 'sign' && fieldsLeft
      ? t('steps.fieldsHint')
      : step === 'sign' && signHint
        ? signHint
        : t(`steps.${step}Hint`);
  return (
    <Paper
      component="section"
      aria-label={t('steps.bar')}
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 5 }}
      data-testid="signing-action-bar"
    >
      <Stack gap="xs">
        {walker}
        <SigningSteps step={step} steps={steps} />
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 12rem' }} aria-live="polite">
            {hint}
          </Text>
          <Group gap="xs" wrap="wrap">
            {children}
            {!ready && (
              <Button
                variant="default"
                leftSection={<IconArrowDown size={16} aria-hidden />}
                onClick={onJump}
              >
                {t('steps.jump')}
              </Button>
            )}
            <Button
              leftSection={<IconSignature size={18} aria-hidden />}
              onClick={onSign}
              disabled={!ready}
              loading={signing}
            >
              {signLabel ?? t('session.sign')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
