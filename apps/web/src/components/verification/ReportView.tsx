import { Alert, Stack, Text } from '@mantine/core';
import { ARCHIVE_DUE_MONTHS, type VerificationReport } from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { SignatureCard, groupedHex, when } from './SignatureCard';
import { STATUS } from './status';

const VERDICT_STATUS = {
  valid: 'valid',
  warnings: 'warning',
  untrusted: 'untrusted',
  invalid: 'invalid',
} as const;

const ROLES = ['seal', 'tsa', 'ca'] as const;

/** Whether the newest time-stamp still holds, or an archive time-stamp is due or was missed. */
function LongTermNote({ longTerm }: { longTerm: NonNullable<VerificationReport['longTerm']> }) {
  const { t, i18n } = useTranslation('verify');
  if (longTerm.state !== 'due' && longTerm.state !== 'expired') return null;
  const until = longTerm.validUntil ? when(longTerm.validUntil, i18n.language) : '';
  return (
    <Alert
      color={longTerm.state === 'due' ? 'yellow' : 'red'}
      data-testid="long-term"
      data-state={longTerm.state}
    >
      {t(`longTerm.${longTerm.state}`, { date: until, months: ARCHIVE_DUE_MONTHS })}
    </Alert>
  );
}

/**
 * The verification report: the overall verdict in words (an impersonation of this service's CA, seal or
 * time-stamping unit first), the state of the newest time-stamp, then one card per signature.
 */
export function ReportView({ report }: { report: VerificationReport }) {
  const { t } = useTranslation('verify');
  const copied = new Set(report.signatures.flatMap((s) => s.impersonates ?? []));
  const impersonated = ROLES.filter((r) => copied.has(r));
  const status =
    report.verdict in VERDICT_STATUS
      ? VERDICT_STATUS[report.verdict as keyof typeof VERDICT_STATUS]
      : 'warning';
  const { color, Icon } = STATUS[status];
  return (
    <Stack gap="md">
      <Alert
        color={color}
        icon={<Icon aria-hidden />}
        role="status"
        data-testid="verdict"
        data-verdict={report.verdict}
        data-impersonation={impersonated.length > 0}
      >
        {impersonated.length > 0 && (
          <Text fw={700} size="sm" mb={4}>
            {t('verdict.impersonation', { roles: impersonated.map((r) => t(`roleOf.${r}`)).join(', ') })}
          </Text>
        )}
        {t(`verdict.${report.verdict}`)}
      </Alert>
      {report.longTerm && <LongTermNote longTerm={report.longTerm} />}
      {report.signatures.map((s, i) => (
        <SignatureCard key={`${s.field}-${i}`} s={s} />
      ))}
      {report.instanceCa && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="instance-ca">
          {t('instanceCa', {
            subject: report.instanceCa.subject,
            fingerprint: groupedHex(report.instanceCa.spkiSha256),
          })}
        </Text>
      )}
    </Stack>
  );
}
