import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setupPathOfStep } from '../../../app/routes';
import { sessionStore } from '../../../lib/session';
import { wizardQuery } from '../api/wizard';

/**
 * Loads the wizard state for the screen of `step`. The server decides where the user is: a screen
 * opened out of turn (browser history, a typed address) moves on to the server's current step, and a
 * finished setup goes to the Dashboard. `wizard` is set only while this screen is the current step.
 */
export function useWizardStep(step: number) {
  const query = useQuery(wizardQuery);
  const navigate = useNavigate();
  const state = query.data;
  const current = state !== undefined && !state.complete && state.step === step;

  useEffect(() => {
    if (!state) return;
    if (state.complete) {
      sessionStore.setStatus('OK');
      navigate('/', { replace: true });
    } else if (state.step !== step) {
      navigate(setupPathOfStep(state.step), { replace: true });
    }
  }, [state, step, navigate]);

  return { query, wizard: current ? state : undefined };
}
