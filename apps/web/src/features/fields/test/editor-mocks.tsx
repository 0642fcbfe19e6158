import { vi } from 'vitest';
import type * as MantineHooks from '@mantine/hooks';

/**
 * What the fields editor tests put in place of the toasts, pdf.js, the page canvas and the element size: jsdom
 * draws no PDF and measures nothing. vi.mock is per file and hoisted, so each test file still calls vi.mock for
 * each module, with a factory that imports this one (a factory may not use the test file's own variables):
 *   vi.mock('../../../components/toast', () => import('../test/editor-mocks'));
 * This module must not import the modules it stands in for.
 */

/** No toasts (components/toast). */
export const showError = vi.fn();
export const showSuccess = vi.fn();

/** A two-page PDF of A4 width (components/pdf/usePdfDocument). */
export const usePdfDocument = () => ({ pdf: { numPages: 2 }, pageWidth: 595 });

/** Pages as plain boxes (components/pdf/PdfPage). */
export const CSS_PER_POINT = 96 / 72;
export const PdfPage = ({ pageNumber }: { pageNumber: number }) => (
  <div data-testid={`pdf-page-${pageNumber}`} />
);

/** The real @mantine/hooks, but an editor area `width` px wide (800 on a desktop). */
export const mantineHooks = async (original: () => Promise<typeof MantineHooks>, width = 800) => ({
  ...(await original()),
  useElementSize: () => ({ ref: () => undefined, width, height: 1000 }),
});
