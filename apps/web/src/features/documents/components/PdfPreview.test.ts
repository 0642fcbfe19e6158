import { describe, expect, it } from 'vitest';
import { fitScale, stepZoom } from './PdfPreview';

describe('PDF zoom', () => {
  it('fits the first page to the width of the preview, within 25 % and 300 %', () => {
    // An A4 page is 595 points, 793 CSS pixels at 100 %.
    expect(fitScale(841, 595)).toBe(1);
    expect(fitScale(448, 595)).toBe(0.5);
    expect(fitScale(100, 595)).toBe(0.25);
    expect(fitScale(5000, 595)).toBe(3);
    expect(fitScale(0, 595)).toBe(1);
    expect(fitScale(800, null)).toBe(1);
  });

  it('steps to the next zoom level from any scale', () => {
    expect(stepZoom(0.83, 1)).toBe(1);
    expect(stepZoom(0.83, -1)).toBe(0.75);
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });
});
