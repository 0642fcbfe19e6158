import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWizardMoves } from '../hooks/useWizardMoves';
import { STEP } from '../lib/steps';
import { WizardScreen } from './WizardScreen';

/** Step 1: create an organization, or skip (which passes over steps 2-4). */
export function CreateOrganizationStep() {
  const { t } = useTranslation('setup');
  const moves = useWizardMoves();
  return (
    <WizardScreen step={STEP.createOrganization} title={t('create.title')} text={t('create.text')}>
      {() => (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={moves.skip}
            loading={moves.skipping}
            disabled={moves.busy && !moves.skipping}
          >
            {t('actions.skip')}
          </Button>
          <Button
            onClick={() => moves.save(STEP.createOrganization, { create: true })}
            loading={moves.saving}
            disabled={moves.busy && !moves.saving}
          >
            {t('create.button')}
          </Button>
        </Group>
      )}
    </WizardScreen>
  );
}
