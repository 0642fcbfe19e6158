import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import type { ShareLink } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showError, showSuccess } from '../../../components/toast';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares';

/** How long a new link lasts: days, or none (until revoked). */
const EXPIRY_DAYS = ['7', '30', '90', 'never'] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];

const STATE_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function expiresAt(choice: Expiry): string | null {
  return choice === 'never' ? null : new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

function ShareRow({ share, docId }: { share: ShareLink; docId: string }) {
  const { t } = useTranslation('documents');
  const revoke = useRevokeShare(docId);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" component="li">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge color={STATE_COLOR[share.state]} variant="light">
            {t(`share.states.${share.state}`)}
          </Badge>
          {share.allowDownload && (
            <Text size="xs" c="dimmed">
              {t('share.downloadAllowed')}
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('share.made', { time: formatDateTime(share.created), name: share.createdBy ?? '—' })}
          {' · '}
          {share.expires ? t('share.expires', { time: formatDateTime(share.expires) }) : t('share.noExpiry')}
          {' · '}
          {t('share.opens', { count: share.opens })}
        </Text>
      </Stack>
      {share.state === 'active' && (
        <Button
          size="xs"
          variant="light"
          color="red"
          style={{ flexShrink: 0 }}
          loading={revoke.isPending}
          onClick={() =>
            revoke.mutate(share.id, {
              onSuccess: () => showSuccess(t('share.revoked')),
              onError: (err) => showError(errorText(err), t('share.revokeFailed')),
            })
          }
          aria-label={t('share.revokeOne', { time: formatDateTime(share.created) })}
        >
          {t('share.revoke')}
        </Button>
      )}
    </Group>
  );
}

/**
 * document-share (issue 13 item 5): makes a read-only link to the document's PDF for someone outside
 * the organization (expiry, download), shows it once to copy, and lists the links with their opens and a
 * revoke action. Offered when the server's abilities say `share` (documents edit roles).
 */
export function ShareModal({ props, opened, close }: ModalComponentProps<'document-share'>) {
  const { t } = useTranslation('documents');
  const { document } = props;
  const shares = useShares(document.id);
  const create = useCreateShare(document.id);
  const [expiry, setExpiry] = useState<Expiry>('30');
  const [allowDownload, setAllowDownload] = useState(false);
  const [url, setUrl] = useState<string | null>(null);

  const submit = () =>
    create.mutate(
      { expires: expiresAt(expiry), allowDownload },
      {
        onSuccess: (reply) => setUrl(reply.url),
        onError: (err) => showError(errorText(err), t('share.createFailed')),
      },
    );

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('share.title', { name: document.name })}
      icon={<IconShare size={18} aria-hidden />}
      overlayClose
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">{t('share.text')}</Text>
        {url ? (
          <Stack gap="xs">
            <TextInput
              label={t('share.link')}
              description={t('share.linkOnce')}
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              rightSection={
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <ActionIcon
                      variant="subtle"
                      onClick={copy}
                      aria-label={copied ? t('share.copied') : t('share.copy')}
                      title={copied ? t('share.copied') : t('share.copy')}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  )}
                </CopyButton>
              }
            />
            <Group>
              <Button variant="default" onClick={() => setUrl(null)}>
                {t('share.another')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="share-expiry">
                {t('share.expiry')}
              </Text>
              <SegmentedControl
                aria-labelledby="share-expiry"
                value={expiry}
                data={EXPIRY_DAYS.map((value) => ({ value, label: t(`share.expiryOptions.${value}`) }))}
                onChange={(value) => setExpiry(value as Expiry)}
                fullWidth
              />
            </Stack>
            <Checkbox
              label={t('share.allowDownload')}
              checked={allowDownload}
              onChange={(e) => setAllowDownload(e.currentTarget.checked)}
            />
            <Group>
              <Button onClick={submit} loading={create.isPending}>
                {t('share.create')}
              </Button>
            </Group>
          </Stack>
        )}
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('share.existing')}
          </Text>
          {shares.isPending ? (
            <Loader size="sm" role="status" aria-label={t('share.loading')} />
          ) : shares.isError ? (
            <Text c="red" size="sm">
              {t('share.loadFailed')}
            </Text>
          ) : shares.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('share.none')}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label={t('share.existing')}
              style={{ listStyle: 'none', padding: 0 }}
            >
              {shares.data.map((share) => (
                <ShareRow key={share.id} share={share} docId={document.id} />
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </AppModal>
  );
}
