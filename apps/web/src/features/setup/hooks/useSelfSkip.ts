import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { WizardState } from '@sinetti/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { setupPathOfStep } from '../../../app/routes';
import { replaceWizard, skipStep } from '../api/wizard';
import { useWizardStep } from './useWizardStep';

/**
 * One skip per step at a time: StrictMode's second effect (or a quick remount) must not skip the step
 * after this one as well.
 */
const pending = new Map<number, Promise<WizardState>>();

function skipOnce(step: number, queryClient: QueryClient): Promise<WizardState> {
  let skip = pending.get(step);
  if (!skip) {
    skip = skipStep()
      .then(async (wizard) => {
        await replaceWizard(queryClient, wizard);
        return wizard;
      })
      .finally(() => pending.delete(step));
    pending.set(step, skip);
  }
  return skip;
}

/** Steps 3 and 5 skip themselves as soon as they are the current step (SPEC §2.6). */
export function useSelfSkip(step: number) {
  const { query, wizard } = useWizardStep(step);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wizard) return;
    let mounted = true;
    skipOnce(step, queryClient).then(
      (next) => {
        if (mounted) navigate(setupPathOfStep(next.step), { replace: true });
      },
      () => {
        if (mounted) setFailed(true);
      },
    );
    return () => {
      mounted = false;
    };
  }, [wizard, step, attempt, queryClient, navigate]);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { query, failed, retry };
}
