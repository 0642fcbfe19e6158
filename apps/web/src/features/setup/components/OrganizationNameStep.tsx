import { TextInput } from '@mantine/core';
import { ORGANIZATION_NAME_MAX, type WizardState } from '@sinetti/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWizardMoves } from '../hooks/useWizardMoves';
import { STEP, savedName } from '../lib/steps';
import { WizardActions } from './WizardActions';
import { WizardScreen } from './WizardScreen';

/** Step 2: the organization's name; it must not be empty and is kept when coming back (SPEC §2.6, §5). */
export function OrganizationNameStep() {
  const { t } = useTranslation('setup');
  return (
    <WizardScreen step={STEP.organizationName} title={t('name.title')} text={t('name.text')}>
      {(wizard) => <NameForm wizard={wizard} />}
    </WizardScreen>
  );
}

function NameForm({ wizard }: { wizard: WizardState }) {
  const { t } = useTranslation('setup');
  const moves = useWizardMoves();
  const [name, setName] = useState(() => savedName(wizard));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('name.required'));
      return;
    }
    moves.save(STEP.organizationName, { name: trimmed });
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={t('name.label')}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        error={error}
        maxLength={ORGANIZATION_NAME_MAX}
        aria-required
        autoFocus
        autoComplete="organization"
      />
      <WizardActions
        onBack={() => moves.back(wizard)}
        backLoading={moves.goingBack}
        primaryLoading={moves.saving}
        disabled={moves.busy}
      />
    </form>
  );
}
