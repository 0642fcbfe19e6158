import { useState } from 'react';
import { ActionIcon, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowAutofitWidth, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CSS_PER_POINT, PdfPage } from '../../../components/pdf/PdfPage';
import { usePdfDocument } from '../../../components/pdf/usePdfDocument';

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const MIN_SCALE = 0.25;
const MAX_SCALE = 3;
/** Room left beside the pages in the preview area (its padding and a scroll bar). */
const GUTTER = 48;

/** The scale at which the first page fills the preview's width (1 until both are known). */
export function fitScale(areaWidth: number, pageWidthPoints: number | null): number {
  if (!pageWidthPoints || areaWidth <= GUTTER) return 1;
  const scale = (areaWidth - GUTTER) / (pageWidthPoints * CSS_PER_POINT);
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * 100) / 100));
}

/** The next zoom step above (+1) or below (-1) the current scale. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const next =
    direction > 0
      ? ZOOM_STEPS.find((s) => s > scale + 0.001)
      : [...ZOOM_STEPS].reverse().find((s) => s < scale - 0.001);
  return next ?? scale;
}

/**
 * A PDF shown page by page on canvases, with zoom (SPEC §2.4: no viewer toolbar or panes). Give it a new
 * `key` for new content. `onFailed` is called when the PDF cannot be read.
 */
export function PdfPreview({ data, title, onFailed }: { data: string; title: string; onFailed: () => void }) {
  const { t } = useTranslation('documents');
  /** null: fit the width of the preview. */
  const [zoom, setZoom] = useState<number | null>(null);
  const area = useElementSize();

  const { pdf, pageWidth } = usePdfDocument(data, onFailed);

  const scale = zoom ?? fitScale(area.width, pageWidth);
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
            onClick={() => setZoom(stepZoom(scale, -1))}
            disabled={scale <= ZOOM_STEPS[0]}
            aria-label={t('preview.zoomOut')}
          >
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" w={56} ta="center" aria-live="polite" data-testid="zoom-level">
            {t('preview.zoom', { percent: Math.round(scale * 100) })}
          </Text>
          <ActionIcon
            variant="default"
            onClick={() => setZoom(stepZoom(scale, 1))}
            disabled={scale >= MAX_SCALE}
            aria-label={t('preview.zoomIn')}
          >
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant={zoom === null ? 'light' : 'default'}
            onClick={() => setZoom(null)}
            aria-label={t('preview.fitWidth')}
            aria-pressed={zoom === null}
          >
            <IconArrowAutofitWidth size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Paper
        ref={area.ref}
        bg="gray.1"
        p="md"
        radius="md"
        style={{ overflow: 'auto', maxHeight: '75vh' }}
        // Scrolls: keyboard users reach it with Tab and scroll it with the arrow keys (WCAG 2.1.1).
        tabIndex={0}
        role="region"
        aria-label={title}
        data-testid="pdf-preview"
      >
        <Stack align="center" gap="md" miw="fit-content">
          {(zoom !== null || area.width > 0) &&
            Array.from({ length: pdf.numPages }, (_, i) => (
              <PdfPage key={i + 1} pdf={pdf} pageNumber={i + 1} scale={scale} total={pdf.numPages} />
            ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
