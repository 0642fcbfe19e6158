import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PdfFindings } from '@sinetti/contract';

/** Whether the server's findings keep the document from being sent (a certified PDF: PDF_CERTIFIED). */
export const blocksSending = (findings: PdfFindings | null | undefined): boolean =>
  (findings?.certification ?? null) !== null;

/**
 * The send dialog's warning about the PDF itself (issue #30 item 4), from the server's analysis in the
 * quote: content hidden from view (layers off by default, streams no page shows) is still inside what the
 * signees sign and could be shown later; signatures already in the file do not cover what is added. A
 * certified PDF cannot be sent: its author's certification allows no signature page.
 */
export function SendFindingsNotice({ findings }: { findings: PdfFindings | null | undefined }) {
  const { t } = useTranslation('signing');
  if (!findings) return null;
  if (blocksSending(findings)) {
    return (
      <Alert
        color="red"
        title={t('send.findings.certifiedTitle')}
        icon={<IconShieldX size={18} aria-hidden />}
      >
        {t('reasons.PDF_CERTIFIED', { ns: 'errors' })}
      </Alert>
    );
  }
  const items = [
    findings.hiddenLayers > 0 && t('send.findings.hiddenLayers', { count: findings.hiddenLayers }),
    findings.unreferencedStreams > 0 &&
      t('send.findings.unreferencedStreams', { count: findings.unreferencedStreams }),
    findings.signatures > 0 && t('send.findings.signatures', { count: findings.signatures }),
  ].filter((item): item is string => typeof item === 'string');
  if (items.length === 0) return null;
  const hidden = findings.hiddenLayers + findings.unreferencedStreams > 0;
  return (
    <Alert color="yellow" title={t('send.findings.title')} icon={<IconAlertTriangle size={18} aria-hidden />}>
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      {hidden && (
        <Text size="sm" mt="xs">
          {t('send.findings.hiddenAdvice')}
        </Text>
      )}
    </Alert>
  );
}
