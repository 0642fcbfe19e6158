import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { fetchSessionPdf } from '../api/public';
import { loadPdfJs } from './pdf';

type PdfState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; pdf: PDFDocumentProxy };

function PageCanvas({ pdf, number }: { pdf: PDFDocumentProxy; number: number }) {
  const { t } = useTranslation('signing');
  const ref = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel: () => void } | undefined;
    void (async () => {
      const page = await pdf.getPage(number);
      const canvas = ref.current;
      if (!canvas || cancelled) return;
      const width = Math.min(canvas.parentElement?.parentElement?.clientWidth || 800, 900);
      const ratio = window.devicePixelRatio || 1;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      const render = page.render({ canvas, viewport });
      task = render;
      await render.promise;
      if (!cancelled) setRendered(true);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number]);
  return (
    <Paper withBorder shadow="xs" style={{ overflow: 'hidden', alignSelf: 'center', maxWidth: '100%' }}>
      <canvas
        ref={ref}
        data-page={number}
        data-rendered={rendered || undefined}
        role="img"
        aria-label={t('session.page', { number, total: pdf.numPages })}
        style={{ display: 'block', maxWidth: '100%' }}
      />
    </Paper>
  );
}

/** Every page of the session's PDF, drawn with pdf.js (fetching it marks the document viewed). */
export function PdfPages({ sessionToken, onLoaded }: { sessionToken: string; onLoaded: () => void }) {
  const { t } = useTranslation('signing');
  const [state, setState] = useState<PdfState>({ kind: 'loading' });
  const loadedRef = useRef(onLoaded);
  useEffect(() => {
    loadedRef.current = onLoaded;
  });

  useEffect(() => {
    const abort = new AbortController();
    let destroy: (() => Promise<void>) | undefined;
    void (async () => {
      try {
        const [bytes, pdfjs] = await Promise.all([fetchSessionPdf(sessionToken, abort.signal), loadPdfJs()]);
        const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
        destroy = () => task.destroy();
        const pdf = await task.promise;
        if (abort.signal.aborted) return;
        setState({ kind: 'ready', pdf });
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
  }, [sessionToken]);

  return (
    <Stack gap="md" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && (
        <Stack align="center" py="xl" gap="xs">
          <Loader />
          <Text c="dimmed">{t('session.loadingPdf')}</Text>
        </Stack>
      )}
      {state.kind === 'failed' && <Alert color="red">{t('session.pdfFailed')}</Alert>}
      {state.kind === 'ready' &&
        Array.from({ length: state.pdf.numPages }, (_, i) => (
          <PageCanvas key={i} pdf={state.pdf} number={i + 1} />
        ))}
    </Stack>
  );
}
