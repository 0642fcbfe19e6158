import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconId } from '@tabler/icons-react';

/**
 * What an eID or a QTSP proved about a signee (issue #29), in texts the caller translated in its own
 * namespace (the signee's page and the sender's panel load different ones): "Identified as … with …", and
 * when the verified name differs from the one entered, a warning naming both.
 */
export function IdentificationNote({
  identified,
  mismatch,
  compact = false,
}: {
  identified: string;
  /** The warning when the names differ; null when they match. */
  mismatch: string | null;
  /** A line of small text (the signees panel) rather than an alert (the signing page). */
  compact?: boolean;
}) {
  if (compact) {
    return (
      <Stack gap={0} data-testid="signee-identification">
        <Text size="xs" c="teal.9">
          {identified}
        </Text>
        {mismatch && (
          <Text size="xs" c="orange.9" role="note">
            {mismatch}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" data-testid="signee-identification">
      <Alert color="teal" icon={<IconId aria-hidden />} role="status">
        {identified}
      </Alert>
      {mismatch && (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="note">
          {mismatch}
        </Alert>
      )}
    </Stack>
  );
}
