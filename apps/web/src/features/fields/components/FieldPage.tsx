import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PdfPage } from '../../../components/pdf/PdfPage';

/** The page under a point of the screen and where on it, in fractions; null outside every page. */
export function pageAt(clientX: number, clientY: number): { page: number; x: number; y: number } | null {
  const overlay = document
    .elementsFromPoint(clientX, clientY)
    .find((el): el is HTMLElement => el instanceof HTMLElement && el.dataset.fieldPage !== undefined);
  if (!overlay) return null;
  const rect = overlay.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return null;
  return {
    page: Number(overlay.dataset.fieldPage),
    x: (clientX - rect.left) / rect.width,
    y: (clientY - rect.top) / rect.height,
  };
}

/**
 * One rendered page (the preview's PdfPage) with its fields over it. The layer over the page takes a click
 * or tap, or Enter when focused, to place the chosen kind there (`onPlace`, in fractions of the page); with
 * no kind chosen, a click or tap beside the fields clears the selection (`onClear`).
 */
export function FieldPage({
  pdf,
  pageNumber,
  total,
  scale,
  label,
  placing,
  onPlace,
  onClear,
  children,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  total: number;
  scale: number;
  label: string;
  /** A kind is chosen: the page takes a click, a tap or Enter to place it. */
  placing: boolean;
  onPlace: (page: number, x: number, y: number) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!placing) {
      onClear();
      return;
    }
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    onPlace(pageNumber, (event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    if (!placing) return;
    event.preventDefault();
    onPlace(pageNumber, 0.5, 0.5);
  };
  return (
    <div style={{ position: 'relative', width: 'fit-content' }}>
      <PdfPage pdf={pdf} pageNumber={pageNumber} total={total} scale={scale} />
      <div
        data-field-page={pageNumber}
        role="group"
        aria-label={label}
        tabIndex={placing ? 0 : -1}
        onClick={onClick}
        onKeyDown={onKeyDown}
        style={{ position: 'absolute', inset: 0, cursor: placing ? 'copy' : 'default' }}
      >
        {children}
      </div>
    </div>
  );
}
