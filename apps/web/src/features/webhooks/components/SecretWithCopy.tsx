import { ActionIcon, Code, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An endpoint's signing secret as shown after adding the endpoint or rotating its secret, with a copy button. */
export function SecretWithCopy({ secret }: { secret: string }) {
  const { t } = useTranslation('integrations');
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code block style={{ flex: 1, wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <CopyButton value={secret}>
        {({ copied, copy }) => (
          <ActionIcon
            variant="subtle"
            onClick={copy}
            aria-label={copied ? t('webhooks.copied') : t('webhooks.copy')}
            title={copied ? t('webhooks.copied') : t('webhooks.copy')}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}
