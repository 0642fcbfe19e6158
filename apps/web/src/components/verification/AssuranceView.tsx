import { Badge, Group, Stack, Text } from '@mantine/core';
import type { SignatureAssurance } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';

const LEVEL_COLOR = { QES: 'green', AdES: 'blue', SES: 'gray', unknown: 'yellow' } as const;
const QC_TYPES = ['esign', 'eseal', 'web'] as const;

/**
 * A signature's assurance level (SES, AdES, QES) in words: how the signer was identified and by whom, the
 * certificate's QC statements, and a visible TEST badge for signatures made with a test provider.
 */
export function AssuranceView({ assurance }: { assurance: SignatureAssurance }) {
  const { t } = useTranslation('verify');
  const { level, identification, provider, qcStatements, test } = assurance;
  const qc = qcStatements
    ? [
        qcStatements.compliance ? t('assurance.qcCompliance') : '',
        qcStatements.sscd ? t('assurance.qcSscd') : '',
        QC_TYPES.find((q) => q === qcStatements.type)
          ? t(`assurance.qcType.${qcStatements.type as (typeof QC_TYPES)[number]}`)
          : '',
      ].filter(Boolean)
    : null;
  return (
    <Stack gap={2} data-testid="signature-assurance" data-level={level} data-test={test}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('assurance.level', { level: t(`assurance.levels.${level}`) })}
        </Text>
        <Badge color={LEVEL_COLOR[level]} variant="light" size="sm">
          {level === 'unknown' ? '?' : level}
        </Badge>
        {test && (
          <Badge color="orange" variant="filled" size="sm" data-testid="test-badge">
            {t('assurance.test')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t(`assurance.basis.${level}`)}
      </Text>
      {identification && level === 'AdES' && (
        <Text size="sm">{t('assurance.identified', { method: identification })}</Text>
      )}
      {identification && level !== 'AdES' && level !== 'SES' && (
        <Text size="sm">{t('assurance.policy', { text: identification })}</Text>
      )}
      {provider && (
        <Text size="sm">{t(level === 'AdES' ? 'assurance.provider' : 'assurance.qtsp', { provider })}</Text>
      )}
      {qc && (
        <Text size="sm">
          {t('assurance.qc', { statements: qc.length > 0 ? qc.join(', ') : t('assurance.qcNone') })}
        </Text>
      )}
      {test && (
        <Text size="sm" c="orange.8" fw={600}>
          {t('assurance.testNote')}
        </Text>
      )}
    </Stack>
  );
}
