import { Button, Checkbox, Group, Stack, Switch, Table, Text } from '@mantine/core';
import {
  DIGEST_HOUR,
  LOW_BALANCE_NOTICE_CENTS,
  NOTIFICATION_KIND_NAMES,
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
} from '@sinetti/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../components/toast';
import { formatMoney } from '../../../lib/money';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';
import { SectionFailed, SectionLoading } from './QueryState';

type Channel = keyof NotificationChannels;
const CHANNELS: readonly Channel[] = ['inApp', 'email'];

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const { t } = useTranslation('profile');
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState(saved);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const kindLabel = (kind: NotificationKind) =>
    t(`notifications.kinds.${kind}`, { amount: formatMoney(LOW_BALANCE_NOTICE_CENTS) });
  const toggle = (kind: NotificationKind, channel: Channel, on: boolean) =>
    setDraft((d) => ({ ...d, kinds: { ...d.kinds, [kind]: { ...d.kinds[kind], [channel]: on } } }));

  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft, {
          onSuccess: () => showSuccess(t('notifications.saved')),
          onError: () => showError(t('notifications.saveFailed')),
        });
      }}
    >
      <Text c="dimmed">{t('notifications.text')}</Text>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" aria-label={t('notifications.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('notifications.event')}</Table.Th>
              {CHANNELS.map((channel) => (
                <Table.Th key={channel} scope="col" ta="center" w={96}>
                  {t(`notifications.channels.${channel}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_KIND_NAMES.map((kind) => (
              <Table.Tr key={kind}>
                <Table.Th scope="row" fw={400}>
                  {kindLabel(kind)}
                </Table.Th>
                {CHANNELS.map((channel) => (
                  <Table.Td key={channel}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      checked={draft.kinds[kind][channel]}
                      onChange={(e) => toggle(kind, channel, e.currentTarget.checked)}
                      aria-label={t(`notifications.channelFor.${channel}`, {
                        event: kindLabel(kind),
                      })}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {t('notifications.invitationNote')}
      </Text>
      <Switch
        checked={draft.digest}
        onChange={(e) => {
          const digest = e.currentTarget.checked;
          setDraft((d) => ({ ...d, digest }));
        }}
        label={t('notifications.digest')}
        // Mantine's label element wraps the description too: name the switch by its label alone.
        aria-label={t('notifications.digest')}
        description={t('notifications.digestHelp', { hour: DIGEST_HOUR })}
      />
      <Group>
        <Button type="submit" disabled={!changed} loading={save.isPending}>
          {t('notifications.save')}
        </Button>
        {changed && (
          <Button variant="subtle" onClick={() => setDraft(saved)} disabled={save.isPending}>
            {t('notifications.undo')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Profile → Notifications (issue 14 item 2): per event in the app and/or by e-mail, and the daily digest. */
export function NotificationsSection() {
  const settings = useNotificationSettings();
  if (settings.isPending) return <SectionLoading />;
  if (settings.isError) return <SectionFailed onRetry={() => void settings.refetch()} />;
  return <SettingsForm saved={settings.data} />;
}
