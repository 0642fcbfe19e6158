import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconCrown, IconDots, IconMailOff, IconUserMinus, IconUserShield } from '@tabler/icons-react';
import type { CompanyInvite, Member } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../../components/modals';

/** What the viewer may do on the Users page (SPEC §6), from the server's permissions. */
export interface UsersViewer {
  /** users view details (11): the e-mail column. */
  seesEmail: boolean;
  /** users view roles (12): the roles column; with 15 also, the user-roles dialog opens. */
  seesRoles: boolean;
  canOpenRoles: boolean;
  /** users edit roles (15): the user-roles dialog is editable. */
  editsRoles: boolean;
  /** organization users remove (16): remove members and cancel invites. */
  removes: boolean;
  /** The organization's owner: may transfer the ownership. */
  isOwner: boolean;
  organization: string;
}

interface Action {
  label: string;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
}

/** A row's actions as a menu (keyboard: Enter opens, arrows move); nothing when there are none. */
function RowActions({ name, actions }: { name: string; actions: Action[] }) {
  const { t } = useTranslation('members');
  if (actions.length === 0) return null;
  const label = t('users.actionsFor', { name });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label} title={label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.label} leftSection={a.icon} color={a.color} onClick={a.onClick}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One line of the Users list: a member or a pending invite. */
export type UserLine = { kind: 'member'; member: Member } | { kind: 'invite'; invite: CompanyInvite };

export const userLineKey = (line: UserLine) =>
  line.kind === 'member' ? `m-${line.member.id}` : `i-${line.invite.id}`;

/** The line's name cell: the member's name and badges, or "Invitee" with the pending badge. */
export function UserName({ line }: { line: UserLine }) {
  const { t } = useTranslation('members');
  if (line.kind === 'invite') {
    return (
      <Group gap={6}>
        <Text c="dimmed">{t('users.invitee')}</Text>
        <Badge size="sm" variant="light" color="yellow">
          {t('users.pending')}
        </Badge>
      </Group>
    );
  }
  const { member } = line;
  return (
    <Group gap={6}>
      <Text fw={500}>{member.fullName || t('users.unnamed')}</Text>
      {member.isOwner && (
        <Badge size="sm" variant="light">
          {t('users.owner')}
        </Badge>
      )}
      {member.isMe && (
        <Badge size="sm" variant="outline" color="gray">
          {t('users.you')}
        </Badge>
      )}
    </Group>
  );
}

/** The line's roles as text (members only). */
export function UserRoles({ line }: { line: UserLine }) {
  const { t } = useTranslation('members');
  if (line.kind === 'invite') return null;
  const { member } = line;
  if (member.isOwner) return <>{t('users.ownerRoles')}</>;
  return (
    <>
      {member.roles && member.roles.length > 0
        ? member.roles.map((r) => r.name).join(', ')
        : t('users.noRoles')}
    </>
  );
}

/** The line's actions menu, as the viewer's permissions allow (SPEC §6). */
export function UserActions({ line, viewer }: { line: UserLine; viewer: UsersViewer }) {
  const { t } = useTranslation('members');
  const modals = useModals();
  const actions: Action[] = [];
  if (line.kind === 'invite') {
    const { invite } = line;
    if (viewer.removes) {
      actions.push({
        label: t('users.cancelInvite'),
        icon: <IconMailOff size={16} aria-hidden />,
        color: 'red',
        onClick: () => modals.open('user-invite-cancel', { inviteId: invite.id, email: invite.account }),
      });
    }
    return <RowActions name={invite.account ?? t('users.invitee')} actions={actions} />;
  }
  const { member } = line;
  const name = member.fullName || t('users.unnamed');
  const target = { accountId: member.id, name, organization: viewer.organization };
  // The owner holds every permission whatever their roles: there is nothing to edit.
  if (viewer.canOpenRoles && !member.isOwner) {
    actions.push({
      label: t(viewer.editsRoles ? 'users.editRoles' : 'users.viewRoles'),
      icon: <IconUserShield size={16} aria-hidden />,
      onClick: () => modals.open('user-roles', { accountId: member.id, name }),
    });
  }
  if (viewer.isOwner && !member.isOwner) {
    actions.push({
      label: t('users.transfer'),
      icon: <IconCrown size={16} aria-hidden />,
      onClick: () => modals.open('owner-transfer', target),
    });
  }
  // Never the owner; never oneself (leaving is done from Profile → Organizations).
  if (viewer.removes && !member.isOwner && !member.isMe) {
    actions.push({
      label: t('users.remove'),
      icon: <IconUserMinus size={16} aria-hidden />,
      color: 'red',
      onClick: () => modals.open('user-remove', target),
    });
  }
  return <RowActions name={name} actions={actions} />;
}
