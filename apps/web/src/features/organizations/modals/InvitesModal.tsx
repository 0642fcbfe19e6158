import { useEffect, useRef } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { playSound } from '../../../lib/sounds';
import { useAccountInvites } from '../api/invites';
import { InviteList } from '../components/InviteList';

export type InviteLinkProblem = 'invalid' | 'failed';

/**
 * organization-invites (SPEC §2.1, §2.7): the account's pending invitations with Accept and Decline, and
 * what became of an e-mailed link that could not be used. The notification sound plays once when it opens
 * with invitations (browsers may refuse to play it before the user has interacted: that is ignored).
 * It closes itself once the last invitation has been answered.
 */
export function InvitesModal({ props, opened, close }: ModalComponentProps<'organization-invites'>) {
  const { t } = useTranslation('organizations');
  const invites = useAccountInvites();
  const list = invites.data ?? [];
  const hasInvites = list.length > 0;
  const played = useRef(false);
  const hadInvites = useRef(false);
  const linkProblem = props?.linkProblem;

  useEffect(() => {
    if (!opened || !hasInvites || played.current) return;
    played.current = true;
    playSound('notification');
  }, [opened, hasInvites]);

  useEffect(() => {
    if (hasInvites) hadInvites.current = true;
    else if (hadInvites.current && !linkProblem && invites.isSuccess) close();
  }, [hasInvites, linkProblem, invites.isSuccess, close]);

  return (
    <AppModal
      opened={opened}
      onClose={close}
      overlayClose
      title={t('invites.title')}
      icon={<IconMailOpened size={18} aria-hidden />}
    >
      <Stack gap="md">
        {linkProblem && (
          <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t(linkProblem === 'invalid' ? 'invites.linkInvalid' : 'invites.linkFailed')}
          </Alert>
        )}
        {invites.isPending ? (
          <Center py="md" role="status" aria-label={t('invites.title')}>
            <Loader size="sm" />
          </Center>
        ) : invites.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
            {t('invites.loadFailed')}
          </Alert>
        ) : hasInvites ? (
          <>
            <Text size="sm">{t('invites.text')}</Text>
            <InviteList invites={list} />
          </>
        ) : (
          !linkProblem && <Text>{t('invites.none')}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('invites.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
