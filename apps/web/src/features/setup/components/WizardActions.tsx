import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface WizardActionsProps {
  onBack?: () => void;
  backLoading?: boolean;
  /** Extra buttons before the primary one (e.g. Skip). */
  secondary?: ReactNode;
  /** The primary button submits the surrounding form. */
  primaryLabel?: string;
  primaryLoading?: boolean;
  disabled?: boolean;
}

/** Back on the left; optional secondary actions and the submitting primary button on the right. */
export function WizardActions(props: WizardActionsProps) {
  const { t } = useTranslation('setup');
  return (
    <Group justify="space-between" mt="md">
      {props.onBack ? (
        <Button
          variant="default"
          onClick={props.onBack}
          loading={props.backLoading}
          disabled={props.disabled && !props.backLoading}
        >
          {t('actions.back')}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        {props.secondary}
        <Button
          type="submit"
          loading={props.primaryLoading}
          disabled={props.disabled && !props.primaryLoading}
        >
          {props.primaryLabel ?? t('actions.continue')}
        </Button>
      </Group>
    </Group>
  );
}
