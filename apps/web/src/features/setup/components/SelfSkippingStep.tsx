import { useTranslation } from 'react-i18next';
import { useSelfSkip } from '../hooks/useSelfSkip';
import { SetupLayout } from './SetupLayout';
import { LoadFailed, Waiting } from './WizardScreen';

/** Steps 3 (invites) and 5 (choose plan): nothing to ask yet, so they pass themselves over on load. */
export function SelfSkippingStep({ step }: { step: number }) {
  const { t } = useTranslation('setup');
  const { query, failed, retry } = useSelfSkip(step);
  const broken = failed || query.isError;
  return (
    <SetupLayout step={step}>
      {broken ? (
        <LoadFailed onRetry={() => (query.isError ? void query.refetch() : retry())} />
      ) : (
        <Waiting text={t('status.moving')} />
      )}
    </SetupLayout>
  );
}
