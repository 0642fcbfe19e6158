import { useEffect, useState } from 'react';
import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { base64ToBytes } from '../../lib/base64';

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
 * A PDF opened with pdf.js from base64 content, with the width of its first page in points (null until
 * open). Shared by the document preview and the fields editor, so pdf.js is loaded once. `onFailed` is called when
 * the PDF cannot be read.
 */
export function usePdfDocument(data: string, onFailed: () => void) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [pageWidth, setPageWidth] = useState<number | null>(null);

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
        return doc.getPage(1).then((first) => {
          if (cancelled) return;
          setPageWidth(first.getViewport({ scale: 1 }).width);
          setPdf(doc);
        });
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

  return { pdf, pageWidth };
}
