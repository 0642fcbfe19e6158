import { Table } from '@mantine/core';
import type { WizardState } from '@sinetti/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError } from '../../../components/toast';
import { useCompleteSetup } from '../api/complete-setup';
import { useWizardMoves } from '../hooks/useWizardMoves';
import { STEP, setupSummary } from '../lib/steps';
import { WizardActions } from './WizardActions';
import { WizardScreen } from './WizardScreen';

/** Step 6: a summary, then "Finish setup" completes the account and opens the Dashboard (SPEC §4.4). */
export function ConfirmPlanStep() {
  const { t } = useTranslation('setup');
  return (
    <WizardScreen step={STEP.confirmPlan} title={t('confirm.title')} text={t('confirm.text')}>
      {(wizard) => <Confirm wizard={wizard} />}
    </WizardScreen>
  );
}

function Confirm({ wizard }: { wizard: WizardState }) {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const moves = useWizardMoves();
  const complete = useCompleteSetup();
  const summary = setupSummary(wizard);
  const count = summary.invites.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    complete.mutate(summary, {
      onSuccess: () => navigate('/', { replace: true }),
      onError: () => showError(t('errors.setupFailed')),
    });
  }

  return (
    <form onSubmit={submit}>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="40%">{t('confirm.organization')}</Table.Th>
            <Table.Td>{summary.organizationName ?? t('confirm.personalOnly')}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('confirm.invites')}</Table.Th>
            <Table.Td>{count === 0 ? t('confirm.noInvites') : t('confirm.invitesCount', { count })}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <WizardActions
        onBack={() => moves.back(wizard)}
        backLoading={moves.goingBack}
        primaryLabel={t('confirm.finish')}
        primaryLoading={complete.isPending}
        disabled={moves.busy || complete.isPending}
      />
    </form>
  );
}
