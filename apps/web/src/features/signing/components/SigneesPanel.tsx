import {
  ActionIcon,
  Badge,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_STATE, type Document, type Signee, type TimelineEntry } from '@sinetti/contract';
import { LANGUAGE_NAMES } from '../../../components/LanguageSwitch';
import { showError, showSuccess } from '../../../components/toast';
import { formatDateTime } from '../../../lib/dates';
import { useTimeline } from '../api/progress';
import { useDeleteSignee, useSignees } from '../api/signees';
import { IdentificationNote } from '../public/IdentificationNote';
import { RemindButton } from './RemindButtons';
import { SigneeForm } from './SigneeForm';
import { SigneeTimeline } from './SigneeTimeline';
import { SignNowButton, signNowLink } from './SignNowButton';

const STATUS_COLOR = {
  pending: 'gray',
  signing: 'blue',
  signed: 'teal',
  declined: 'red',
  stopped: 'orange',
} as const;

function SigneeRow({
  signee,
  onRemove,
  signLink,
  events = [],
  remindIn,
  turn,
}: {
  signee: Signee;
  /** Signing order (issue #33 item 3): set when the signees sign in groups; the group signing now. */
  turn?: { currentGroup: number | null };
  /** The signee's progress in the latest round (issue 12 item 6). */
  events?: TimelineEntry[];
  onRemove?: () => void;
  /** The document whose signing this signee can be reminded of (set while it is out for signing). */
  remindIn?: string;
  /** The caller's own link when the server offers Sign now on this row. */
  signLink?: string;
}) {
  const { t } = useTranslation('signing');
  const { t: common } = useTranslation('common');
  const name = signee.fullName.trim() || signee.email;
  // Signing order: a later group has not been asked yet, so there is nobody to remind there.
  const onTurn = turn !== undefined && turn.currentGroup === signee.group && signee.status !== 'signed';
  const remindable =
    remindIn !== undefined &&
    signee.status !== 'signed' &&
    !signee.isMe &&
    (turn === undefined || turn.currentGroup === null || signee.group <= turn.currentGroup);
  // Names and addresses wrap rather than end in "…" (issue 12 item 12): on a phone the row is narrow, and
  // an address cut short cannot be told from another. The badge and remove button keep their size; Sign now
  // and Remind sit on a line of their own so they never squeeze the text.
  return (
    <Stack gap={4} role="listitem">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Text size="sm" fw={500}>
            {name}
            {signee.isMe && (
              <Text span c="dimmed" size="xs">
                {' '}
                ({t('signees.you')})
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {signee.email}
          </Text>
          <Group gap={4} mt={2}>
            <Badge size="sm" variant="outline" color="gray" tt="none" data-testid="signee-method">
              {t('signees.levelMethod', { level: t(`levels.${signee.level}`), method: signee.methodName })}
            </Badge>
            <Badge size="sm" variant="outline" color="gray" data-testid="signee-language">
              <VisuallyHidden>{common('person.language')}: </VisuallyHidden>
              <span lang={signee.language} title={LANGUAGE_NAMES[signee.language]}>
                {signee.language.toUpperCase()}
              </span>
            </Badge>
          </Group>
          {signee.identification && (
            <IdentificationNote
              compact
              identified={t('signees.identified', {
                name: signee.identification.name,
                method: signee.identification.methodName,
              })}
              mismatch={
                signee.identification.nameMatches
                  ? null
                  : t('signees.nameMismatch', {
                      verified: signee.identification.name,
                      entered: signee.fullName,
                    })
              }
            />
          )}
          {signee.status === 'declined' && signee.declinedAt && (
            <Text size="xs" c="red.8" data-testid="signee-declined">
              {t('signees.declined', {
                time: formatDateTime(signee.declinedAt),
                reason: signee.declineReason ?? '',
              })}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }} data-testid="signee-status">
          {turn && (
            <Badge size="sm" variant="outline" color="gray" data-testid="signee-group">
              {t('order.group', { group: signee.group })}
            </Badge>
          )}
          {onTurn && (
            <Badge size="sm" variant="filled" color="blue" data-testid="signee-turn">
              {t('order.turn')}
            </Badge>
          )}
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
      {(signLink || remindable) && (
        <Group gap="xs">
          {signLink && <SignNowButton link={signLink} size="xs" />}
          {remindable && <RemindButton docId={remindIn} signeeId={signee.id} name={name} />}
        </Group>
      )}
      <SigneeTimeline name={name} events={events} />
    </Stack>
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
  const timeline = useTimeline(document.id, document.state === DOCUMENT_STATE.Signing);
  const editable = signees.data?.abilities.editSignees ?? false;
  const list = signees.data?.signees ?? [];
  const turn = signees.data?.ordered ? { currentGroup: signees.data.currentGroup } : undefined;
  const signLink = signNowLink(signees.data);
  // The server decides who may remind and when (the remind ability); the rows decide whom.
  const remindable = (signees.data?.abilities.remind ?? false) && list.some((s) => s.status !== 'signed');

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
            {turn && turn.currentGroup !== null && (
              <Text size="sm" fw={500} data-testid="signing-turn">
                {t('order.turnNow', { group: turn.currentGroup })}
              </Text>
            )}
            {list.map((s) => (
              <SigneeRow
                key={s.id}
                signee={s}
                onRemove={editable ? () => onRemove(s.id) : undefined}
                signLink={s.isMe ? signLink : undefined}
                events={timeline.data?.signees.find((e) => e.signeeId === s.id)?.events}
                remindIn={remindable ? document.id : undefined}
                turn={turn}
              />
            ))}
          </Stack>
        )}
        {remindable && list.filter((s) => s.status !== 'signed').length > 1 && (
          <RemindButton docId={document.id} />
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
