import { Alert, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import {
  DEFAULT_TIMEZONE,
  type DocumentChanges,
  type VerificationReport,
  type VerifiedSignature,
} from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { AssuranceView } from './AssuranceView';

const STATUS = {
  valid: { color: 'green', Icon: IconCircleCheck },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  invalid: { color: 'red', Icon: IconCircleX },
} as const;

const VERDICT_STATUS = { valid: 'valid', warnings: 'warning', invalid: 'invalid' } as const;

/** A signing or time-stamp time to the second, in the Helsinki time zone (SPEC §1) with its zone's name. */
function when(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang === 'fi' ? 'fi-FI' : 'en-GB', {
    timeZone: DEFAULT_TIMEZONE,
    timeZoneName: 'short',
  });
}

function ChangeList({ changes }: { changes: DocumentChanges }) {
  const { t } = useTranslation('verify');
  if (!changes.modified) {
    const added = changes.signaturesAdded + changes.timestampsAdded > 0 || changes.dssAdded;
    return <Text size="sm">{t(added ? 'allowedAdditions' : 'noChanges')}</Text>;
  }
  const items: string[] = [];
  if (changes.pagesAdded.length > 0)
    items.push(t('change.pagesAdded', { pages: changes.pagesAdded.join(', ') }));
  if (changes.pagesRemoved.length > 0)
    items.push(t('change.pagesRemoved', { pages: changes.pagesRemoved.join(', ') }));
  if (changes.pagesContentChanged.length > 0)
    items.push(t('change.pagesContentChanged', { pages: changes.pagesContentChanged.join(', ') }));
  for (const a of changes.annotations) {
    items.push(
      t('change.annotation', { subtype: a.subtype, change: t(`changeKind.${a.change}`), page: a.page }),
    );
  }
  for (const f of changes.fields)
    items.push(t('change.field', { name: f.name, change: t(`changeKind.${f.change}`) }));
  if (changes.otherObjectsChanged > 0) items.push(t('change.other', { count: changes.otherObjectsChanged }));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('changes')}
      </Text>
      <List size="sm">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The lock a signature sets on later changes (DocMDP certification, FieldMDP), in words. */
function LockLines({ lock }: { lock: NonNullable<VerifiedSignature['lock']> }) {
  const { t } = useTranslation('verify');
  const permission = (p: number) => t(`lockPermission.${String(p) as '1' | '2' | '3'}`);
  const { docMdp, fieldMdp } = lock;
  return (
    <>
      {docMdp !== null && (
        <Text size="sm" data-testid="signature-lock">
          {t('lockDocMdp', { permission: permission(docMdp) })}
        </Text>
      )}
      {fieldMdp && (
        <Text size="sm" data-testid="signature-lock">
          {t(`lockFields.${fieldMdp.action}`, { fields: fieldMdp.fields.join(', ') })}
          {fieldMdp.p !== null ? ` ${t('lockAfter', { permission: permission(fieldMdp.p) })}` : ''}
        </Text>
      )}
    </>
  );
}

function SignatureCard({ s }: { s: VerifiedSignature }) {
  const { t, i18n } = useTranslation('verify');
  const { color, Icon } = STATUS[s.status];
  const name = s.signer.name || t('unknownSigner');
  return (
    <Card withBorder padding="md" data-testid="signature-card" data-status={s.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5">
            {t(s.kind === 'signature' ? 'signature' : 'documentTimestamp', { name })}
            {s.signer.email ? ` <${s.signer.email}>` : ''}
          </Title>
          <Badge color={color} leftSection={<Icon size={14} aria-hidden />} variant="light">
            {t(`status.${s.status}`)}
          </Badge>
        </Group>
        {s.timestamp?.valid ? (
          <Text size="sm">
            {t('timestamped', {
              time: when(s.timestamp.time, i18n.language),
              authority: s.timestamp.authority,
            })}
          </Text>
        ) : s.kind === 'signature' ? (
          <Text size="sm">{t('noTimestamp')}</Text>
        ) : null}
        {s.claimedTime && (
          <Text size="sm">{t('claimedTime', { time: when(s.claimedTime, i18n.language) })}</Text>
        )}
        {s.assurance && <AssuranceView assurance={s.assurance} />}
        <Text size="sm">{t('level', { level: s.level })}</Text>
        <Text size="sm">{t(s.intact === 'ok' ? 'intact' : 'notIntact')}</Text>
        <Text size="sm">
          {t(
            !s.chain.trusted
              ? 'notTrusted'
              : s.chain.anchor === 'configured'
                ? 'trustedConfigured'
                : 'trusted',
          )}
        </Text>
        {s.lock && <LockLines lock={s.lock} />}
        {s.changes ? <ChangeList changes={s.changes} /> : <Text size="sm">{t('noChanges')}</Text>}
        {s.warnings.length > 0 && (
          <List size="sm" icon={<IconAlertTriangle size={14} aria-hidden />}>
            {s.warnings.map((w) => (
              <List.Item key={w}>{t(`warnings.${w}`, { defaultValue: w })}</List.Item>
            ))}
          </List>
        )}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('chain')}
          </Text>
          {s.chain.certificates.map((c) => (
            <Text key={`${c.serialNumber}-${c.subject}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
              {c.subject} — {t(`revocation.${c.revocation}`)}
              {c.revocationMethod ? ` (${t(`revocationMethod.${c.revocationMethod}`)})` : ''}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The verification report: the overall verdict in words, then one card per signature. */
export function ReportView({ report }: { report: VerificationReport }) {
  const { t } = useTranslation('verify');
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
      >
        {t(`verdict.${report.verdict}`)}
      </Alert>
      {report.signatures.map((s, i) => (
        <SignatureCard key={`${s.field}-${i}`} s={s} />
      ))}
    </Stack>
  );
}
