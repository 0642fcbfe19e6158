import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

/** PDF points are 1/72 inch, CSS pixels 1/96: at 100 % a page is as large as on paper. */
export const CSS_PER_POINT = 96 / 72;

/** One page drawn on a canvas, sharp on high-density screens. */
export function PdfPage({
  pdf,
  pageNumber,
  total,
  scale,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  total: number;
  scale: number;
}) {
  const { t } = useTranslation('documents');
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let task: RenderTask | undefined;
    let cancelled = false;
    void pdf
      .getPage(pageNumber)
      .then((page) => {
        const element = canvas.current;
        if (cancelled || !element) return;
        const viewport = page.getViewport({ scale: scale * CSS_PER_POINT });
        const ratio = window.devicePixelRatio || 1;
        element.width = Math.floor(viewport.width * ratio);
        element.height = Math.floor(viewport.height * ratio);
        element.style.width = `${Math.floor(viewport.width)}px`;
        element.style.height = `${Math.floor(viewport.height)}px`;
        task = page.render({
          canvas: element,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        return task.promise.then(() => {
          element.dataset.rendered = 'true';
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, scale]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={t('preview.page', { page: pageNumber, total })}
      style={{ background: 'white', boxShadow: '0 1px 4px rgba(0,0,0,0.2)', display: 'block' }}
    />
  );
}
