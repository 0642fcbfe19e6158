import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AccountInvite } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useAcceptInvite, useDeclineInvite } from '../api/invites';
import { acceptErrorText } from '../lib/texts';

/** Pending invitations with Accept and Decline (the organization-invites popup and Profile → Organizations). */
export function InviteList({ invites }: { invites: AccountInvite[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {invites.map((invite) => (
        <InviteRow key={invite.id} invite={invite} />
      ))}
    </Stack>
  );
}

function InviteRow({ invite }: { invite: AccountInvite }) {
  const { t } = useTranslation('organizations');
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const busy = accept.isPending || decline.isPending;
  const name = invite.company;

  const onAccept = () =>
    accept.mutate(invite, {
      onSuccess: () => showSuccess(t('invites.accepted', { name })),
      onError: (error) => showError(acceptErrorText(error, invite)),
    });
  const onDecline = () =>
    decline.mutate(invite, {
      onSuccess: () => showSuccess(t('invites.declined', { name })),
      onError: (error) => showError(errorText(error, t('invites.declineFailed'))),
    });

  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-label={name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {invite.invitedBy
              ? t('invites.invitedBy', { name: invite.invitedBy })
              : t('invites.invitedAnonymously', { email: invite.account })}
          </Text>
          <Badge variant="light" color="gray" mt={4}>
            {t(`invites.platform.${invite.platform}`)}
          </Badge>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={onDecline}
            loading={decline.isPending}
            disabled={busy && !decline.isPending}
            aria-label={t('invites.declineLabel', { name })}
          >
            {t('invites.decline')}
          </Button>
          <Button
            size="xs"
            onClick={onAccept}
            loading={accept.isPending}
            disabled={busy && !accept.isPending}
            aria-label={t('invites.acceptLabel', { name })}
          >
            {t('invites.accept')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
