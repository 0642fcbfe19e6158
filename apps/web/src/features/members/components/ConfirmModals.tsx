import type { ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCrown, IconMailOff, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, ModalConfirmButton, type ModalComponentProps } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { useCancelInvite, useRemoveMember, useTransferOwnership } from '../api/members';
import { toastFailure } from '../lib/report';

interface ConfirmProps {
  opened: boolean;
  close: () => void;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  confirm: string;
  cancel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** A confirmation: what will happen, a red confirm button (focused) and a way out. */
function ConfirmDialog(p: ConfirmProps) {
  return (
    <AppModal destructive opened={p.opened} onClose={p.close} title={p.title} icon={p.icon} overlayClose>
      <Stack gap="md">
        {p.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={p.close} disabled={p.pending}>
            {p.cancel}
          </Button>
          <ModalConfirmButton onClick={p.onConfirm} loading={p.pending} data-autofocus>
            {p.confirm}
          </ModalConfirmButton>
        </Group>
      </Stack>
    </AppModal>
  );
}

/**
 * Runs a confirmed action once: success → toast and close; failure → SPEC §8's toast (with the reason)
 * and close, since the list is read again either way.
 */
function useConfirmed<T>(
  mutation: { mutate: (v: T, o: { onSuccess: () => void; onError: (e: unknown) => void }) => void },
  pending: boolean,
  close: () => void,
) {
  return (value: T, done: string, failed: string) => {
    if (pending) return;
    mutation.mutate(value, {
      onSuccess: () => {
        showSuccess(done);
        close();
      },
      onError: (error) => {
        toastFailure(error, failed);
        close();
      },
    });
  };
}

/** user-remove (SPEC §2.7): removes a member; the page never offers it for the owner or oneself. */
export function ConfirmRemoveModal({ props, opened, close }: ModalComponentProps<'user-remove'>) {
  const { t } = useTranslation('members');
  const remove = useRemoveMember();
  const run = useConfirmed(remove, remove.isPending, close);
  return (
    <ConfirmDialog
      opened={opened}
      close={close}
      title={t('remove.title')}
      icon={<IconUserMinus size={18} aria-hidden />}
      confirm={t('remove.confirm')}
      cancel={t('remove.cancel')}
      pending={remove.isPending}
      onConfirm={() => run(props.accountId, t('remove.done', { name: props.name }), t('remove.failed'))}
    >
      <Text>{t('remove.text', { name: props.name, organization: props.organization })}</Text>
      <Text size="sm" c="dimmed">
        {t('remove.effect')}
      </Text>
    </ConfirmDialog>
  );
}

/** user-invite-cancel (SPEC §2.7): the pending-invite label and the address, then cancel. */
export function ConfirmUninviteModal({ props, opened, close }: ModalComponentProps<'user-invite-cancel'>) {
  const { t } = useTranslation('members');
  const cancel = useCancelInvite();
  const run = useConfirmed(cancel, cancel.isPending, close);
  return (
    <ConfirmDialog
      opened={opened}
      close={close}
      title={t('inviteCancel.title')}
      icon={<IconMailOff size={18} aria-hidden />}
      confirm={t('inviteCancel.confirm')}
      cancel={t('inviteCancel.keep')}
      pending={cancel.isPending}
      onConfirm={() => run(props.inviteId, t('inviteCancel.done'), t('inviteCancel.failed'))}
    >
      <Group gap="xs">
        <Badge variant="light" color="yellow">
          {t('users.pending')}
        </Badge>
        {props.email && <Text fw={500}>{props.email}</Text>}
      </Group>
      <Text>
        {props.email ? t('inviteCancel.text', { email: props.email }) : t('inviteCancel.textHidden')}
      </Text>
    </ConfirmDialog>
  );
}

/** owner-transfer: makes the named member the owner (the owner only); the viewer's abilities are re-read. */
export function ConfirmTransferModal({ props, opened, close }: ModalComponentProps<'owner-transfer'>) {
  const { t } = useTranslation('members');
  const transfer = useTransferOwnership();
  const run = useConfirmed(transfer, transfer.isPending, close);
  const names = { name: props.name, organization: props.organization };
  return (
    <ConfirmDialog
      opened={opened}
      close={close}
      title={t('transfer.title')}
      icon={<IconCrown size={18} aria-hidden />}
      confirm={t('transfer.confirm', names)}
      cancel={t('transfer.cancel')}
      pending={transfer.isPending}
      onConfirm={() => run(props.accountId, t('transfer.done', names), t('transfer.failed'))}
    >
      <Text>{t('transfer.text', names)}</Text>
      <Text size="sm" c="dimmed">
        {t('transfer.effect')}
      </Text>
    </ConfirmDialog>
  );
}
