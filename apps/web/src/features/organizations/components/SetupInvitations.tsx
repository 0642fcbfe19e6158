import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import type { AccountInvite } from '@sinetti/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { pendingInvite } from '../../../lib/pending-invite';
import { inviteLinkQuery, useAcceptInvite, useAccountInvites } from '../api/invites';
import { acceptErrorText } from '../lib/texts';

/**
 * The setup wizard's first screen for an invited colleague (issue #31 item 1): the invitations they may
 * join, each with one Join button, above "Create an organization". The e-mailed link kept in this tab
 * (lib/pending-invite.ts) is opened first, since opening it is what lets an account whose provider did not
 * verify its address see that invite. Joining finishes setup on the server, so `onJoined` leaves the
 * wizard. Renders nothing when there is nothing to join.
 */
export function SetupInvitations({ onJoined }: { onJoined: (organizationId: string) => void }) {
  const { t } = useTranslation('organizations');
  const [token] = useState(() => pendingInvite.get());
  const link = useQuery({ ...inviteLinkQuery(token ?? ''), enabled: token !== null });
  const invites = useAccountInvites(token === null || !link.isPending);

  useEffect(() => {
    // A 4xx is the server's last word on the link; a network failure keeps it for the Dashboard.
    const answered =
      link.error instanceof ApiError && link.error.httpStatus >= 400 && link.error.httpStatus < 500;
    if (answered) pendingInvite.clear();
  }, [link.error]);

  const list = invites.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" component="section" aria-labelledby="setup-invites">
      <Stack gap="sm">
        <Title order={2} size="h4" id="setup-invites">
          <IconMailOpened size={20} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {t('setup.title')}
        </Title>
        {list.map((invite) => (
          <JoinRow key={invite.id} invite={invite} onJoined={onJoined} />
        ))}
        <Text size="sm" c="dimmed">
          {t('setup.orCreate')}
        </Text>
      </Stack>
    </Paper>
  );
}

function JoinRow({
  invite,
  onJoined,
}: {
  invite: AccountInvite;
  onJoined: (organizationId: string) => void;
}) {
  const { t } = useTranslation('organizations');
  const accept = useAcceptInvite();
  const name = invite.company;
  const join = () =>
    accept.mutate(invite, {
      onSuccess: () => {
        pendingInvite.clear();
        showSuccess(t('setup.joined', { name }));
        onJoined(invite.companyId);
      },
      onError: (error) => showError(acceptErrorText(error, invite)),
    });
  return (
    <Stack gap={6} align="flex-start">
      <Text>
        {invite.invitedBy
          ? t('setup.invitedBy', { inviter: invite.invitedBy, name })
          : t('setup.invited', { name })}
      </Text>
      <Button onClick={join} loading={accept.isPending}>
        {t('setup.join', { name })}
      </Button>
    </Stack>
  );
}
