import { useEffect, useState } from 'react';
import { ActionIcon, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { base64ToBytes } from '../lib/content';
import { PdfPage } from './PdfPage';

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

let pdfjs: Promise<typeof PdfJs> | undefined;

/** pdf.js and its worker load only when a PDF is first shown (STACK-NOTES: about 500 KB gzip together). */
function loadPdfJs() {
  pdfjs ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString();
    return lib;
  });
  return pdfjs;
}

/**
 * A PDF shown page by page on canvases, with zoom (SPEC §2.4: no viewer toolbar or panes). Give it a new
 * `key` for new content. `onFailed` is called when the PDF cannot be read.
 */
export function PdfPreview({ data, title, onFailed }: { data: string; title: string; onFailed: () => void }) {
  const { t } = useTranslation('documents');
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [zoom, setZoom] = useState(2);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    let destroyTask: (() => Promise<void>) | undefined;
    loadPdfJs()
      .then((lib) => {
        if (cancelled) return null;
        // pdf.js takes the bytes over (they move to its worker): give it its own copy.
        const task = lib.getDocument({ data: base64ToBytes(data), isEvalSupported: false });
        destroyTask = () => task.destroy();
        return task.promise;
      })
      .then((doc) => {
        if (!doc) return;
        if (cancelled) {
          void doc.destroy();
          return;
        }
        loaded = doc;
        setPdf(doc);
      })
      .catch(() => {
        if (!cancelled) onFailed();
      });
    return () => {
      cancelled = true;
      if (loaded) void loaded.destroy();
      else void destroyTask?.();
    };
  }, [data, onFailed]);

  const scale = ZOOM_STEPS[zoom] ?? 1;
  if (!pdf) {
    return (
      <Center py={80} role="status" aria-label={t('preview.loading')}>
        <Loader />
      </Center>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" role="toolbar" aria-label={t('preview.toolbar')}>
        <Text size="sm" c="dimmed">
          {t('preview.pages', { count: pdf.numPages })}
        </Text>
        <Group gap={4}>
          <ActionIcon
            variant="default"
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            disabled={zoom === 0}
            aria-label={t('preview.zoomOut')}
          >
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" w={56} ta="center" aria-live="polite" data-testid="zoom-level">
            {t('preview.zoom', { percent: Math.round(scale * 100) })}
          </Text>
          <ActionIcon
            variant="default"
            onClick={() => setZoom((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))}
            disabled={zoom === ZOOM_STEPS.length - 1}
            aria-label={t('preview.zoomIn')}
          >
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Paper
        bg="gray.1"
        p="md"
        radius="md"
        style={{ overflow: 'auto', maxHeight: '75vh' }}
        aria-label={title}
        data-testid="pdf-preview"
      >
        <Stack align="center" gap="md" miw="fit-content">
          {Array.from({ length: pdf.numPages }, (_, i) => (
            <PdfPage key={i + 1} pdf={pdf} pageNumber={i + 1} scale={scale} total={pdf.numPages} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
