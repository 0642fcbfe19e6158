import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type WizardState } from '@sinetti/contract';
import { call } from '../../../lib/api';

/** The setup wizard's state; the server holds it (SPEC §3 Setup wizard, §4.5). */
export const wizardQuery = queryOptions({
  queryKey: ['wizard'],
  queryFn: ({ signal }) => call(api.authentication.wizardSteps, { signal }).then((r) => r.wizard),
});

export const skipStep = () => call(api.authentication.wizardSkip).then((r) => r.wizard);

export const goToStep = (step: number) =>
  call(api.authentication.wizardStepGo, { params: { id: step } }).then((r) => r.wizard);

export interface SaveStepInput {
  step: number;
  data: Record<string, unknown>;
}
export const saveStep = ({ step, data }: SaveStepInput) =>
  call(api.authentication.wizardStepSave, { params: { id: step }, body: { data } }).then((r) => r.wizard);

/**
 * A move's reply, the new state, replaces the cached one. A read of the state still under way (each step's
 * screen reads it again as it opens) may have been answered before the move and would, arriving after, put the
 * step before it back: the screen would flash to "Loading" and go back a step, and a click on it in that moment
 * was lost (an end-to-end run's "Finish setup"). So reads under way are cancelled first.
 */
export async function replaceWizard(queryClient: QueryClient, wizard: WizardState): Promise<void> {
  await queryClient.cancelQueries({ queryKey: wizardQuery.queryKey });
  queryClient.setQueryData(wizardQuery.queryKey, wizard);
}

/** A wizard move: the reply is the new state, which replaces the cached one (replaceWizard). */
function useWizardMutation<V>(mutationFn: (variables: V) => Promise<WizardState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (wizard) => replaceWizard(queryClient, wizard),
  });
}

export const useSkipStep = () => useWizardMutation(skipStep);
export const useGoToStep = () => useWizardMutation(goToStep);
export const useSaveStep = () => useWizardMutation(saveStep);
