import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A list or page being loaded: a spinner announced to screen readers by `label`. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** A list or page that could not be loaded: what failed and a button to try again. */
export function LoadFailedState({
  title,
  retryLabel,
  onRetry,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title}>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
