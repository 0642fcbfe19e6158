import { ActionIcon, Badge, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATE, type Document, type Signee } from '@sinetti/contract';
import { showError, showSuccess } from '../../../components/toast';
import { useDeleteSignee, useSignees } from '../api/signees';
import { SigneeForm } from './SigneeForm';
import { SignNowButton, signNowLink } from './SignNowButton';

const STATUS_COLOR = { pending: 'gray', signing: 'blue', signed: 'teal' } as const;

function SigneeRow({
  signee,
  onRemove,
  signLink,
}: {
  signee: Signee;
  onRemove?: () => void;
  /** The caller's own link when the server offers Sign now on this row. */
  signLink?: string;
}) {
  const { t } = useTranslation('signing');
  const name = signee.fullName.trim() || signee.email;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" role="listitem">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {name}
          {signee.isMe && (
            <Text span c="dimmed" size="xs">
              {' '}
              ({t('signees.you')})
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {signee.email} · {t(`levels.${signee.level}`)}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {signLink && <SignNowButton link={signLink} size="xs" />}
        <Badge size="sm" variant="light" color={STATUS_COLOR[signee.status]}>
          {t(`signees.status.${signee.status}`)}
        </Badge>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('signees.remove', { name })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}

/**
 * The document view's side panel (SPEC §2.4): the signees, and when the server's abilities allow editing
 * them (documents edit, below Signing), the add form and remove buttons.
 */
export function SigneesPanel({ document }: { document: Pick<Document, 'id' | 'state' | 'type'> }) {
  const { t } = useTranslation('signing');
  const signees = useSignees(document.id);
  const remove = useDeleteSignee(document.id);
  const editable = signees.data?.abilities.editSignees ?? false;
  const list = signees.data?.signees ?? [];
  const signLink = signNowLink(signees.data);

  const onRemove = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => showSuccess(t('signees.removed')),
      onError: () => showError(t('signees.removeFailed')),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="signees-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="signees-title">
          {t('signees.title')}
        </Title>
        {signees.isPending ? (
          <Loader size="sm" />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('signees.empty')}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t('signees.title')}>
            {list.map((s) => (
              <SigneeRow
                key={s.id}
                signee={s}
                onRemove={editable ? () => onRemove(s.id) : undefined}
                signLink={s.isMe ? signLink : undefined}
              />
            ))}
          </Stack>
        )}
        {editable ? (
          <>
            <Divider />
            <SigneeForm docId={document.id} signees={list} />
          </>
        ) : (
          document.state >= DOCUMENT_STATE.Signing && (
            <Text size="xs" c="dimmed">
              {t('signees.locked')}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
