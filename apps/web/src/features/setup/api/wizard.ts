import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** A wizard move: the reply is the new state, which replaces the cached one. */
function useWizardMutation<V>(mutationFn: (variables: V) => Promise<WizardState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (wizard) => queryClient.setQueryData(wizardQuery.queryKey, wizard),
  });
}

export const useSkipStep = () => useWizardMutation(skipStep);
export const useGoToStep = () => useWizardMutation(goToStep);
export const useSaveStep = () => useWizardMutation(saveStep);
