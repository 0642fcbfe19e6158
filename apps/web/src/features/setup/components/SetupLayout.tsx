import { Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { useSaveLanguage } from '../../../lib/save-language';
import { stepLabelIndex } from '../lib/steps';
import { SetupSignOut } from './SetupSignOut';

const LABELS = ['steps.organizationName', 'steps.inviteUsers', 'steps.finishSetup'] as const;

interface SetupLayoutProps {
  step: number;
  title?: string;
  text?: string;
  children: ReactNode;
}

/** The frame of every wizard screen: step labels, language, sign-out, and the screen's own content. */
export function SetupLayout({ step, title, text, children }: SetupLayoutProps) {
  const { t } = useTranslation(['setup', 'auth']);
  const active = stepLabelIndex(step);
  const saveLanguage = useSaveLanguage();
  return (
    <Container size="sm" py="xl">
      <Group justify="space-between" mb="lg">
        <Text fw={700} fz="xl" c="blue.8">
          Sinetti
        </Text>
        <Group gap="sm">
          <LanguageSwitch
            label={t('language.label', { ns: 'auth' })}
            onChange={(lang) => saveLanguage.mutate(lang)}
          />
          <SetupSignOut />
        </Group>
      </Group>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={t('steps.label')}>
        {LABELS.map((key, index) => (
          // Labels, not buttons: "Finish setup" must name only the finishing button.
          <Stepper.Step
            key={key}
            component="div"
            allowStepClick={false}
            allowStepSelect={false}
            label={t(key)}
            aria-current={index === active ? 'step' : undefined}
          />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p="xl" mt="xl">
        <Stack gap="lg">
          {(title || text) && (
            <Stack gap="xs">
              {title && (
                <Title order={1} size="h2">
                  {title}
                </Title>
              )}
              {text && <Text c="dimmed">{text}</Text>}
            </Stack>
          )}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
