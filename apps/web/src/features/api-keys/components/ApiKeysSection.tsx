import { useState } from 'react';
import type { ApiKey } from '@sinetti/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconKeyOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedState, LoadingState } from '../../../components/LoadStates';
import { AppModal, ModalConfirmButton } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateApiKeyModal } from './CreateApiKeyModal';

const STATE_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation(['integrations', 'roles']);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" component="li" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600}>{apiKey.name}</Text>
          <Badge color={STATE_COLOR[apiKey.state]} variant="light">
            {t(`apiKeys.states.${apiKey.state}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" ff="monospace">
          {apiKey.prefix}…
        </Text>
        <Text size="xs" c="dimmed">
          {apiKey.permissions
            .map((id) => t(`permission.${id}` as 'permission.1', { ns: 'roles' }))
            .join(', ')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('apiKeys.created', {
            time: formatDateTime(apiKey.created),
            name: apiKey.createdBy?.name || t('apiKeys.someone'),
          })}
          {' · '}
          {apiKey.lastUsed
            ? t('apiKeys.lastUsed', { time: formatDateTime(apiKey.lastUsed) })
            : t('apiKeys.neverUsed')}
          {' · '}
          {apiKey.expires
            ? t('apiKeys.expires', { time: formatDateTime(apiKey.expires) })
            : t('apiKeys.noExpiry')}
        </Text>
      </Stack>
      {apiKey.state === 'active' && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconKeyOff size={14} aria-hidden />}
          onClick={() => onRevoke(apiKey)}
          aria-label={t('apiKeys.revoke.button', { name: apiKey.name })}
        >
          {t('apiKeys.revoke.short')}
        </Button>
      )}
    </Group>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey || revoke.isPending) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        showSuccess(t('apiKeys.revoke.done', { name: apiKey.name }));
        onClose();
      },
      onError: (error) => {
        showError(errorText(error, t('apiKeys.revoke.failed')), t('apiKeys.revoke.failed'));
        onClose();
      },
    });
  };
  return (
    <AppModal
      destructive
      opened={apiKey !== null}
      onClose={onClose}
      title={t('apiKeys.revoke.title')}
      icon={<IconKeyOff size={18} aria-hidden />}
      overlayClose
    >
      <Stack gap="md">
        <Text>{t('apiKeys.revoke.text', { name: apiKey?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={revoke.isPending}>
            {t('apiKeys.revoke.cancel')}
          </Button>
          <ModalConfirmButton onClick={confirm} loading={revoke.isPending} data-autofocus>
            {t('apiKeys.revoke.confirm')}
          </ModalConfirmButton>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Settings → API keys (issue #34): the organization's keys for integrations; docs/integration.md. */
export function ApiKeysSection() {
  const { t } = useTranslation('integrations');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Stack gap="md">
      <Text size="sm">{t('apiKeys.intro')}</Text>
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('apiKeys.new')}
        </Button>
      </Group>
      {keys.isPending ? (
        <LoadingState label={t('apiKeys.loading')} />
      ) : keys.isError ? (
        <LoadFailedState
          title={t('apiKeys.loadFailed')}
          retryLabel={t('status.retry', { ns: 'settings' })}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data.apiKeys.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <IconKey size={32} aria-hidden />
          <Text c="dimmed">{t('apiKeys.empty')}</Text>
        </Stack>
      ) : (
        <Stack
          gap="md"
          component="ul"
          aria-label={t('apiKeys.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {keys.data.apiKeys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
          ))}
        </Stack>
      )}
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
