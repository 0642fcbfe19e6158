import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type SigningStep = 'read' | 'code' | 'sign';
export const SIGNING_STEPS: readonly SigningStep[] = ['read', 'code', 'sign'];

/** The step the signee is at: read the document, then confirm the e-mailed code, then sign. */
export function currentStep(state: { viewed: boolean; verified: boolean }): SigningStep {
  if (!state.viewed) return 'read';
  return state.verified ? 'sign' : 'code';
}

/** The short step indicator (read → confirm e-mail code → sign); the current step is aria-current. */
export function SigningSteps({ step }: { step: SigningStep }) {
  const { t } = useTranslation('signee');
  const at = SIGNING_STEPS.indexOf(step);
  return (
    <Group
      component="ol"
      gap="xs"
      wrap="wrap"
      aria-label={t('steps.label')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {SIGNING_STEPS.map((s, i) => {
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
