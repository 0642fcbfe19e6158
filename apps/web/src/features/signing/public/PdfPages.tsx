import { startTransition, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { afterPaint } from '../../../lib/after-paint';
import { loadPdfJs } from './pdf';

type PdfState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; pdf: PDFDocumentProxy; ratios: number[] };

/** Height / width of an A4 page: the space kept for each page until the PDF's own sizes are known. */
export const A4_RATIO = 841.89 / 595.28;
const MAX_WIDTH = 900;

/**
 * A page's box, its size reserved from the start (width of the column up to 900 px, height from `ratio`)
 * so that nothing below moves while pages load and draw (CLS).
 */
function PageBox({ ratio, children }: { ratio: number; children?: ReactNode }) {
  return (
    <Paper
      withBorder
      shadow="xs"
      data-testid="pdf-page"
      style={{
        position: 'relative',
        overflow: 'hidden',
        alignSelf: 'center',
        width: `min(100%, ${MAX_WIDTH}px)`,
        aspectRatio: `1 / ${ratio}`,
      }}
    >
      {children}
    </Paper>
  );
}

/**
 * True once the element comes within half a screen of the viewport (at once where the browser has no
 * IntersectionObserver): a long document draws its pages as the reader comes to them, not all at once.
 */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

function PageCanvas({
  pdf,
  number,
  ratio,
  overlay,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  ratio: number;
  overlay?: ReactNode;
}) {
  const { t } = useTranslation('signee');
  const ref = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  const near = useNearViewport(ref);
  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let task: { cancel: () => void } | undefined;
    void (async () => {
      const page = await pdf.getPage(number);
      const canvas = ref.current;
      if (!canvas || cancelled) return;
      const base = page.getViewport({ scale: 1 });
      const width = Math.min(canvas.parentElement?.clientWidth || MAX_WIDTH, MAX_WIDTH);
      const viewport = page.getViewport({ scale: (width / base.width) * (window.devicePixelRatio || 1) });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const render = page.render({ canvas, viewport });
      task = render;
      await render.promise;
      if (!cancelled) startTransition(() => setRendered(true));
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, near]);
  return (
    <PageBox ratio={ratio}>
      <canvas
        ref={ref}
        data-page={number}
        data-rendered={rendered || undefined}
        role="img"
        aria-label={t('session.page', { number, total: pdf.numPages })}
        style={{ display: 'block', position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
      {overlay}
    </PageBox>
  );
}

/**
 * Every page of a PDF (the signing session's, whose fetch marks it viewed, or a share link's), drawn with
 * pdf.js as the reader comes near it. The server tells how many `pages` there are: their boxes are laid
 * out at once (A4 until the PDF's own page sizes are known, each page's read before any is drawn), so the
 * page does not shift as the document loads or as the reader scrolls.
 */
export function PdfPages({
  sourceKey,
  load,
  pages,
  onLoaded = () => undefined,
  overlay,
}: {
  /** Which PDF: a new key loads again. */
  sourceKey: string;
  load: (signal: AbortSignal) => Promise<ArrayBuffer>;
  pages: number;
  onLoaded?: () => void;
  /** Drawn over each page, in the page's box (the signee's fields); its position is the page's. */
  overlay?: (page: number) => ReactNode;
}) {
  const { t } = useTranslation('signee');
  const [state, setState] = useState<PdfState>({ kind: 'loading' });
  const loadedRef = useRef(onLoaded);
  const loadRef = useRef(load);
  useEffect(() => {
    loadedRef.current = onLoaded;
    loadRef.current = load;
  });

  useEffect(() => {
    const abort = new AbortController();
    let destroy: (() => Promise<void>) | undefined;
    void (async () => {
      try {
        // The document and pdf.js (about 100 KB) load once the page around them has painted.
        await afterPaint();
        if (abort.signal.aborted) return;
        const [bytes, pdfjs] = await Promise.all([loadRef.current(abort.signal), loadPdfJs()]);
        const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        // Every page's own size before any is drawn: a page of another size (an A4 signatures page after
        // Letter pages) would otherwise resize its box as the reader comes near it, and move what is below
        // (the code and signature steps) under the reader's pointer.
        const ratioOf = async (number: number) => {
          const { width, height } = (await pdf.getPage(number)).getViewport({ scale: 1 });
          return height / width || A4_RATIO;
        };
        // A first page pdf.js cannot read fails the document; a later one keeps the first page's size (and
        // stays blank where it is drawn), as before.
        const first = await ratioOf(1);
        const rest = await Promise.all(
          Array.from({ length: pdf.numPages - 1 }, (_, i) => ratioOf(i + 2).catch(() => first)),
        );
        const ratios = [first, ...rest];
        if (abort.signal.aborted) return;
        startTransition(() => setState({ kind: 'ready', pdf, ratios }));
        loadedRef.current();
      } catch (err) {
        if (abort.signal.aborted) return;
        console.error(err);
        setState({ kind: 'failed' });
      }
    })();
    return () => {
      abort.abort();
      void destroy?.();
    };
  }, [sourceKey]);

  if (state.kind === 'failed') return <Alert color="red">{t('session.pdfFailed')}</Alert>;
  return (
    <Stack gap="md" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' &&
        Array.from({ length: Math.max(1, pages) }, (_, i) => (
          <PageBox key={i} ratio={A4_RATIO}>
            {i === 0 && (
              <Stack align="center" justify="center" h="100%" gap="xs">
                <Loader />
                <Text c="dimmed">{t('session.loadingPdf')}</Text>
              </Stack>
            )}
          </PageBox>
        ))}
      {state.kind === 'ready' &&
        Array.from({ length: state.pdf.numPages }, (_, i) => (
          <PageCanvas
            key={i}
            pdf={state.pdf}
            number={i + 1}
            ratio={state.ratios[i] ?? A4_RATIO}
            overlay={overlay?.(i + 1)}
          />
        ))}
    </Stack>
  );
}
