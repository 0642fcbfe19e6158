import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal, type ModalComponentProps } from '../../../components/modals';
import { showSuccess } from '../../../components/toast';
import { errorText } from '../../../lib/errors';
import { useInvite } from '../api/members';
import { checkInviteEmail, type InviteProblem } from '../lib/invite-check';

const PROBLEM_TEXT = {
  required: 'invite.required',
  invalid: 'invite.invalid',
  alreadyInvited: 'invite.alreadyInvited',
} as const satisfies Record<InviteProblem, string>;

/**
 * user-invite (SPEC §2.7, §5): one e-mail input. Checked before sending (required, valid, not already a
 * user or invited); the server's ALREADY_INVITED status shows the same text. Other failures stay in the
 * dialog with the reason's text (limits, too many pending invites), keeping what was typed.
 */
export function InviteModal({ props, opened, close }: ModalComponentProps<'user-invite'>) {
  const { t } = useTranslation('members');
  const invite = useInvite();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<InviteProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    setFailure(null);
    const check = checkInviteEmail(value, props.known);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    setProblem(null);
    invite.mutate(check.email, {
      onSuccess: (reply) => {
        if (reply.status === 'ALREADY_INVITED') {
          setProblem('alreadyInvited');
          return;
        }
        showSuccess(t('invite.sent', { email: check.email }));
        close();
      },
      onError: (error) => setFailure(errorText(error, t('invite.failed'))),
    });
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('invite.title')}
      icon={<IconMailPlus size={18} aria-hidden />}
      overlayClose
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('invite.text', { organization: props.organization })}
          </Text>
          <TextInput
            type="email"
            label={t('invite.label')}
            placeholder={t('invite.placeholder')}
            autoComplete="off"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setProblem(null);
            }}
            error={problem ? t(PROBLEM_TEXT[problem]) : undefined}
            data-autofocus
          />
          {failure && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('invite.failed')} role="alert">
              {failure === t('invite.failed') ? null : failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {t('invite.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
