import { useCallback, useEffect, useRef, useState } from 'react';
import { Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Document } from '@sinetti/contract';
import { useDocumentContent } from '../api/content';
import { useDocumentErrorDialog } from '../hooks/useDocumentErrors';
import { useDownload } from '../hooks/useDownload';
import { previewKindOf } from '../lib/content';
import { ImagePreview } from './ImagePreview';
import { PdfPreview } from './PdfPreview';
import { PreviewNotice } from './PreviewNotice';

/**
 * The preview (SPEC §2.4): a PDF (or the PDF made of an office file), an image, or a no-preview message
 * with download. Once the document is signed the PDF is the signed one, and says so. While the PDF is being made it says so; the page polls the document until it is done.
 * Content is polled every 15 s with its hash while it can be embedded.
 */
export function DocumentPreview({ document }: { document: Document }) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const converting = document.conversion === 'pending';
  const content = useDocumentContent(queryClient, document.id, document.conversion, !converting);
  const { download, pending } = useDownload(document);
  const showError = useDocumentErrorDialog();
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const reported = useRef<unknown>(null);

  // One dialog per failure, not one per poll.
  useEffect(() => {
    if (content.error && content.error !== reported.current && content.data === undefined) {
      reported.current = content.error;
      showError(content.error);
    }
  }, [content.error, content.data, showError]);

  const hash = content.data?.hash ?? '';
  const onFailed = useCallback(() => setUnreadable(hash), [hash]);

  if (converting) {
    return <PreviewNotice busy title={t('preview.convertingTitle')} text={t('preview.convertingText')} />;
  }
  if (content.isError && !content.data) {
    return (
      <PreviewNotice
        title={t('preview.failedTitle')}
        text={t('preview.failedText')}
        onDownload={() => void download()}
        downloading={pending}
      />
    );
  }
  if (!content.data) {
    return (
      <Center py={80} role="status" aria-label={t('preview.loading')}>
        <Loader />
      </Center>
    );
  }

  const { content: data, mimeType } = content.data;
  const kind = data ? previewKindOf(mimeType) : 'none';
  if (kind === 'pdf' && data && unreadable !== hash) {
    const pdf = <PdfPreview key={hash} data={data} title={document.name} onFailed={onFailed} />;
    if (!content.data.signed) return pdf;
    return (
      <Stack gap="xs">
        <Group gap={6} c="teal.9" wrap="nowrap" data-testid="signed-preview-note">
          <IconRosetteDiscountCheck size={18} aria-hidden />
          <Text size="sm">{t('preview.signedNote')}</Text>
        </Group>
        {pdf}
      </Stack>
    );
  }
  if (kind === 'image' && data) {
    return <ImagePreview key={hash} data={data} mimeType={mimeType} name={document.name} />;
  }
  const failedConversion = document.conversion === 'failed';
  const noteKey =
    unreadable === hash && kind === 'pdf' ? 'unreadable' : failedConversion ? 'conversionFailed' : 'none';
  // Why the conversion failed, when the server says (the original is kept either way).
  const textKey =
    noteKey !== 'conversionFailed'
      ? noteKey
      : document.conversionFailure === 'TOO_LARGE'
        ? 'conversionTooLarge'
        : document.conversionFailure === 'TIMEOUT'
          ? 'conversionTimeout'
          : 'conversionFailed';
  return (
    <PreviewNotice
      title={t(`preview.${noteKey}Title`)}
      text={t(`preview.${textKey}Text`)}
      onDownload={() => void download()}
      downloading={pending}
    />
  );
}
