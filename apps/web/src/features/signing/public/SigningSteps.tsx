import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SigningFlow } from '@sinetti/contract';

export type SigningStep = 'read' | 'code' | 'identify' | 'sign';
export const SIGNING_STEPS: readonly SigningStep[] = ['read', 'code', 'sign'];

/**
 * The steps of a way of signing (issue #29): the e-mailed code (read → code → sign), an eID
 * (read → identify → sign), or a QTSP, where the signature is authorized after signing here (read → sign).
 */
export function stepsOf(flow: SigningFlow): readonly SigningStep[] {
  if (flow === 'eid') return ['read', 'identify', 'sign'];
  if (flow === 'qtsp') return ['read', 'sign'];
  return SIGNING_STEPS;
}

/**
 * The step the signee is at: read the document, then the flow's check (the e-mailed code or the eID;
 * `verified` once it is done, always for a QTSP), then sign.
 */
export function currentStep(state: { viewed: boolean; verified: boolean; flow?: SigningFlow }): SigningStep {
  if (!state.viewed) return 'read';
  return state.verified ? 'sign' : (stepsOf(state.flow ?? 'code')[1] ?? 'sign');
}

/** The short step indicator (e.g. read → confirm e-mail code → sign); the current step is aria-current. */
export function SigningSteps({
  step,
  steps = SIGNING_STEPS,
}: {
  step: SigningStep;
  steps?: readonly SigningStep[];
}) {
  const { t } = useTranslation('signee');
  const at = steps.indexOf(step);
  return (
    <Group
      component="ol"
      gap="xs"
      wrap="wrap"
      aria-label={t('steps.label')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {steps.map((s, i) => {
        const done = i < at;
        const current = i === at;
        return (
          <Group
            component="li"
            key={s}
            gap={6}
            wrap="nowrap"
            aria-current={current ? 'step' : undefined}
            data-done={done || undefined}
          >
            <ThemeIcon
              size={22}
              radius="xl"
              variant={current ? 'filled' : 'light'}
              color={done ? 'teal' : 'blue'}
            >
              {done ? (
                <IconCheck size={14} aria-label={t('steps.done')} />
              ) : (
                <Text span fz={12} fw={700} aria-hidden>
                  {i + 1}
                </Text>
              )}
            </ThemeIcon>
            <Text span fz="sm" fw={current ? 700 : 400}>
              {t(`steps.${s}`)}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}
