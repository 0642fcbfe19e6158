import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentVersion } from '@sinetti/contract';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';

/** A file size in kilobytes or megabytes, written the reader's way. */
export function formatSize(bytes: number): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'MB'] : [Math.max(bytes, 1) / 1000, 'kB'];
  return `${new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

export interface VersionActions {
  onPreview: (version: DocumentVersion) => void;
  onDownload: (version: DocumentVersion) => void;
  /** Absent when the document cannot be edited (no restore then). */
  onRestore?: (version: DocumentVersion) => void;
  restoring: number | null;
}

/** One version: number, how it came to be, who, when and how large; preview, download and restore. */
export function VersionRow({
  version,
  current,
  actions,
}: {
  version: DocumentVersion;
  current: boolean;
  actions: VersionActions;
}) {
  const { t } = useTranslation('versions');
  const n = { number: version.number };
  return (
    <Group
      justify="space-between"
      gap="sm"
      component="li"
      wrap="wrap"
      data-testid={`version-${version.number}`}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {t('number', n)}
          </Text>
          {current && (
            <Badge variant="light" color="green">
              {t('current')}
            </Badge>
          )}
          {version.sentForSigning.map((round) => (
            <Badge key={round} variant="light" color="blue">
              {t('sent', { round })}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t(`origins.${version.origin}`, { from: version.restoredFrom })}
          {' · '}
          {t('by', {
            time: formatDateTime(version.created),
            name: version.author ?? t('unknownAuthor'),
            size: formatSize(version.size),
          })}
        </Text>
        {!version.hasPdf && (
          <Text size="xs" c="dimmed">
            {t('pdfPending')}
          </Text>
        )}
      </Stack>
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEye size={14} aria-hidden />}
          disabled={!version.hasPdf}
          onClick={() => actions.onPreview(version)}
          aria-label={t('previewOf', n)}
        >
          {t('preview')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => actions.onDownload(version)}
          aria-label={t('downloadOf', n)}
        >
          {t('download')}
        </Button>
        {actions.onRestore && !current && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRestore size={14} aria-hidden />}
            loading={actions.restoring === version.number}
            disabled={actions.restoring !== null}
            onClick={() => actions.onRestore?.(version)}
            aria-label={t('restoreOf', n)}
          >
            {t('restore')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
