import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/modals';
import { errorText } from '../../../lib/errors';
import { useCreateApiKey, useGrantable } from '../api/api-keys';

/** How long a new key lasts: days, or until revoked. */
const EXPIRY_DAYS = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];

function expiresAt(choice: Expiry): string | null {
  return choice === 'never' ? null : new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

/**
 * New API key: a name, the permissions it carries (only those the viewer holds are offered), an expiry;
 * then the key itself, shown this once with a copy button.
 */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['integrations', 'roles']);
  const grantable = useGrantable(opened);
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [secret, setSecret] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setChosen([]);
    setExpiry('90');
    setSecret(null);
    setNameError(null);
    create.reset();
    onClose();
  };

  const submit = () => {
    if (name.trim() === '') {
      setNameError(t('apiKeys.create.nameRequired'));
      return;
    }
    create.mutate(
      { name: name.trim(), permissions: chosen, expires: expiresAt(expiry) },
      { onSuccess: (reply) => setSecret(reply.secret) },
    );
  };

  const toggle = (id: number, on: boolean) =>
    setChosen((now) => (on ? [...now, id].sort((a, b) => a - b) : now.filter((p) => p !== id)));

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('apiKeys.create.title')}
      icon={<IconKey size={18} aria-hidden />}
      size="lg"
    >
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow" title={t('apiKeys.create.onceTitle')}>
            {t('apiKeys.create.once')}
          </Alert>
          <TextInput
            label={t('apiKeys.create.secret')}
            value={secret}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
            rightSection={
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <ActionIcon
                    variant="subtle"
                    onClick={copy}
                    aria-label={copied ? t('apiKeys.create.copied') : t('apiKeys.create.copy')}
                    title={copied ? t('apiKeys.create.copied') : t('apiKeys.create.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                )}
              </CopyButton>
            }
          />
          <Group justify="flex-end">
            <Button onClick={close}>{t('apiKeys.create.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label={t('apiKeys.create.name')}
            description={t('apiKeys.create.nameHint')}
            value={name}
            maxLength={64}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            data-autofocus
          />
          <Checkbox.Group
            label={t('apiKeys.create.permissions')}
            description={t('apiKeys.create.permissionsHint')}
          >
            <Stack gap={6} mt="xs">
              {grantable.isPending ? (
                <Text size="sm" c="dimmed">
                  {t('apiKeys.loading')}
                </Text>
              ) : (
                (grantable.data?.grantable ?? []).map((id) => (
                  <Checkbox
                    key={id}
                    label={t(`permission.${id}` as 'permission.1', { ns: 'roles' })}
                    checked={chosen.includes(id)}
                    onChange={(e) => toggle(id, e.currentTarget.checked)}
                  />
                ))
              )}
            </Stack>
          </Checkbox.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="api-key-expiry">
              {t('apiKeys.create.expiry')}
            </Text>
            <SegmentedControl
              aria-labelledby="api-key-expiry"
              value={expiry}
              data={EXPIRY_DAYS.map((value) => ({
                value,
                label: t(`apiKeys.create.expiryOptions.${value}`),
              }))}
              onChange={(value) => setExpiry(value as Expiry)}
              fullWidth
            />
          </Stack>
          {create.isError && (
            <Text c="red" size="sm" role="alert">
              {errorText(create.error, t('apiKeys.create.failed'))}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('apiKeys.create.cancel')}
            </Button>
            <Button onClick={submit} loading={create.isPending} disabled={chosen.length === 0}>
              {t('apiKeys.create.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
