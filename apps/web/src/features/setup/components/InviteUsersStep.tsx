import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { WIZARD_INVITES_MAX, type WizardState } from '@sinetti/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWizardMoves } from '../hooks/useWizardMoves';
import { STEP, checkInviteRows, savedInvites } from '../lib/steps';
import { WizardActions } from './WizardActions';
import { WizardScreen } from './WizardScreen';

/** Step 4: e-mail rows to invite to the new organization; continue, skip or go back (SPEC §2.6, §5). */
export function InviteUsersStep() {
  const { t } = useTranslation('setup');
  return (
    <WizardScreen step={STEP.inviteUsers} title={t('invite.title')} text={t('invite.text')}>
      {(wizard) => <InviteForm wizard={wizard} />}
    </WizardScreen>
  );
}

interface RowError {
  index: number;
  message: string;
}

function InviteForm({ wizard }: { wizard: WizardState }) {
  const { t } = useTranslation('setup');
  const moves = useWizardMoves();
  const [rows, setRows] = useState<string[]>(() => {
    const saved = savedInvites(wizard);
    return saved.length > 0 ? saved : [''];
  });
  const [error, setError] = useState<RowError | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkInviteRows(rows);
    if (!check.ok) {
      setError({ index: check.index, message: t('invite.invalid', { address: check.address }) });
      document.getElementById(rowId(check.index))?.focus();
      return;
    }
    moves.save(STEP.inviteUsers, { emails: check.emails });
  }

  const update = (index: number, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? value : row)));
    setError(null);
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              id={rowId(index)}
              flex={1}
              type="email"
              label={t('invite.label', { number: index + 1 })}
              value={row}
              onChange={(e) => update(index, e.currentTarget.value)}
              error={error?.index === index ? error.message : undefined}
              autoComplete="off"
            />
            {rows.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={24}
                aria-label={t('invite.remove', { number: index + 1 })}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((current) => [...current, ''])}
            disabled={rows.length >= WIZARD_INVITES_MAX}
          >
            {t('invite.addRow')}
          </Button>
        </Group>
      </Stack>
      <WizardActions
        onBack={() => moves.back(wizard)}
        backLoading={moves.goingBack}
        primaryLoading={moves.saving}
        disabled={moves.busy}
        secondary={
          <Button
            variant="default"
            onClick={moves.skip}
            loading={moves.skipping}
            disabled={moves.busy && !moves.skipping}
          >
            {t('actions.skip')}
          </Button>
        }
      />
    </form>
  );
}

const rowId = (index: number) => `setup-invite-${index + 1}`;
