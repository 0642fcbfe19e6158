import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWizardMoves } from '../hooks/useWizardMoves';
import { STEP } from '../lib/steps';
import { WizardScreen } from './WizardScreen';

/**
 * Step 1: create an organization, or skip (which passes over steps 2-4). `invitations` (handed in by the
 * route, from the organizations feature) shows above them what an invited colleague may join instead.
 */
export function CreateOrganizationStep({ invitations }: { invitations?: ReactNode }) {
  const { t } = useTranslation('setup');
  const moves = useWizardMoves();
  return (
    <WizardScreen step={STEP.createOrganization} title={t('create.title')} text={t('create.text')}>
      {() => (
        <Stack gap="lg">
          {invitations}
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
        </Stack>
      )}
    </WizardScreen>
  );
}
