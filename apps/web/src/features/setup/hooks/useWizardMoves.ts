import type { WizardState } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setupPathOfStep } from '../../../app/routes';
import { showError } from '../../../components/toast';
import { useGoToStep, useSaveStep, useSkipStep } from '../api/wizard';
import { previousStep } from '../lib/steps';

/**
 * The wizard's moves. Each one asks the server, which answers the new current step; the screen of
 * that step is opened (SPEC §4.5).
 */
export function useWizardMoves() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const skip = useSkipStep();
  const go = useGoToStep();
  const save = useSaveStep();
  const handlers = {
    onSuccess: (wizard: WizardState) => navigate(setupPathOfStep(wizard.step), { replace: true }),
    onError: () => showError(t('errors.saveFailed')),
  };
  return {
    skip: () => skip.mutate(undefined, handlers),
    back: (wizard: WizardState) => go.mutate(previousStep(wizard.step, wizard.skipped), handlers),
    save: (step: number, data: Record<string, unknown>) => save.mutate({ step, data }, handlers),
    skipping: skip.isPending,
    goingBack: go.isPending,
    saving: save.isPending,
    busy: skip.isPending || go.isPending || save.isPending,
  };
}
