import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  DEFAULT_TIMEZONE,
  type DocumentChanges,
  type VerifiedCertificate,
  type VerifiedSignature,
} from '@sinetti/contract';
import { useTranslation } from 'react-i18next';
import { AssuranceView } from './AssuranceView';
import { STATUS } from './status';

/**
 * A signing or time-stamp time to the second, in the Helsinki time zone (SPEC §1) with its zone's name;
 * English in the app's one English form with seconds ("15 Jan 2025, 14:00:05 EET", lib/dates.ts).
 */
export function when(iso: string, lang: string): string {
  if (lang === 'fi') {
    return new Date(iso).toLocaleString('fi-FI', { timeZone: DEFAULT_TIMEZONE, timeZoneName: 'short' });
  }
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: DEFAULT_TIMEZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
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
  if (changes.metadataChanged) items.push(t('change.metadata'));
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

export /** A key fingerprint in groups of four hex digits, so that people can compare it by eye. */
const groupedHex = (hex: string) => hex.replace(/(.{4})(?=.)/g, '$1 ');

/** One certificate of a chain: its subject, revocation, key fingerprint, and whether it is this service's. */
function CertificateLine({ c }: { c: VerifiedCertificate }) {
  const { t } = useTranslation('verify');
  return (
    <Stack gap={0} data-testid="chain-certificate" data-role={c.instanceRole ?? ''}>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {c.subject} — {t(`revocation.${c.revocation}`)}
        {c.revocationMethod ? ` (${t(`revocationMethod.${c.revocationMethod}`)})` : ''}
      </Text>
      {c.impersonates && (
        <Text size="xs" c="red" fw={600} data-testid="impersonates">
          {t('impersonates', { role: t(`roleOf.${c.impersonates}`) })}
        </Text>
      )}
      {c.instanceRole && (
        <Text size="xs" c="green">
          {t('instanceRole', { role: t(`role.${c.instanceRole}`) })}
        </Text>
      )}
      {c.spkiSha256 && (
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {t('keyFingerprint', { fingerprint: groupedHex(c.spkiSha256) })}
        </Text>
      )}
    </Stack>
  );
}

export function SignatureCard({ s }: { s: VerifiedSignature }) {
  const { t, i18n } = useTranslation('verify');
  const { color, Icon } = STATUS[s.status];
  const name = s.signer.name || t('unknownSigner');
  const impersonation = (s.impersonates ?? []).length > 0;
  return (
    <Card withBorder padding="md" data-testid="signature-card" data-status={s.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5">
            {t(s.kind === 'signature' ? 'signature' : 'documentTimestamp', { name })}
            {s.signer.email ? ` <${s.signer.email}>` : ''}
          </Title>
          <Badge
            color={color}
            leftSection={<Icon size={14} aria-hidden />}
            variant="light"
            data-testid="signature-status"
          >
            {impersonation ? t('status.impersonation') : t(`status.${s.status}`)}
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
            <CertificateLine key={`${c.serialNumber}-${c.subject}`} c={c} />
          ))}
          {s.kind === 'signature' &&
            s.timestamp?.chain.certificates.map((c) => (
              <CertificateLine key={`ts-${c.serialNumber}-${c.subject}`} c={c} />
            ))}
        </Stack>
      </Stack>
    </Card>
  );
}
