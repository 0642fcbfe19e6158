import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { SignaturePad } from './SignaturePad';

// jsdom has no canvas: record the drawing calls and answer toDataURL with a PNG data URL.
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const ctx = {
  beginPath: vi.fn(),
  moveTo: vi.fn(),
  lineTo: vi.fn(),
  stroke: vi.fn(),
  clearRect: vi.fn(),
};

afterEach(() => vi.restoreAllMocks());

function setup() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  );
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  const onChange = vi.fn();
  renderWithProviders(<SignaturePad onChange={onChange} placeholder="Liisa Laine" />);
  return { onChange, toDataURL, pad: screen.getByRole('img', { name: 'Signature drawing area' }) };
}

describe('signature pad', () => {
  it('drawing with the pointer gives a PNG data URL', () => {
    const { onChange, toDataURL, pad } = setup();
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    expect(ctx.stroke).toHaveBeenCalled();
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'drawn', image: PNG });
    expect(pad).toHaveAttribute('data-drawn', 'true');
  });

  it('moving without pressing draws nothing; Clear removes the drawing', () => {
    const { onChange, pad } = setup();
    fireEvent.pointerMove(pad, { clientX: 60, clientY: 40 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(ctx.clearRect).toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keyboard users type the name instead', () => {
    const { onChange } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Type' }));
    const input = screen.getByLabelText('Your name as your signature');
    expect(input).toHaveAttribute('placeholder', 'Liisa Laine');
    fireEvent.change(input, { target: { value: '  Liisa Laine ' } });
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'typed', text: 'Liisa Laine' });
    fireEvent.change(input, { target: { value: ' ' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
