import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { WizardState } from '@sinetti/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWizardStep } from '../hooks/useWizardStep';
import { SetupLayout } from './SetupLayout';

interface WizardScreenProps {
  step: number;
  title: string;
  text?: string;
  /** Rendered once the server confirms that this is the current step. */
  children: (wizard: WizardState) => ReactNode;
}

/** One wizard screen with its loading and error states. */
export function WizardScreen({ step, title, text, children }: WizardScreenProps) {
  const { t } = useTranslation('setup');
  const { query, wizard } = useWizardStep(step);
  let content: ReactNode;
  if (wizard) content = children(wizard);
  else if (query.isError) content = <LoadFailed onRetry={() => void query.refetch()} />;
  else content = <Waiting text={t('status.loading')} />;
  return (
    <SetupLayout step={step} title={title} text={text}>
      {content}
    </SetupLayout>
  );
}

export function Waiting({ text }: { text: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('setup');
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={t('status.loadFailed')}>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
