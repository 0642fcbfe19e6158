import { useRef, useState, type PointerEvent } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SignatureValue } from '../api/public';

/** Drawing size in pixels (the PNG's size); the canvas is scaled to fit the page. */
export const PAD_WIDTH = 600;
export const PAD_HEIGHT = 200;

export interface SignaturePadProps {
  /** Called with the signature (a PNG data URL or typed text), or null when there is none. */
  onChange: (value: SignatureValue | null) => void;
  /** Suggested text in the typing mode. */
  placeholder?: string;
}

/**
 * The signature: drawn with mouse, pen or finger on a canvas (pointer events; the result is a PNG data
 * URL), or typed. Keyboard users choose Type; the drawing area is announced as such.
 */
export function SignaturePad({ onChange, placeholder }: SignaturePadProps) {
  const { t } = useTranslation('signee');
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [text, setText] = useState('');
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) / (rect.width || PAD_WIDTH)) * PAD_WIDTH,
      y: ((e.clientY - rect.top) / (rect.height || PAD_HEIGHT)) * PAD_HEIGHT,
    };
  };

  const line = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.strokeStyle = '#1a1b4b';
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + 0.01, to.y);
    ctx.stroke();
  };

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
    line(last.current, last.current);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const next = point(e);
    line(last.current, next);
    last.current = next;
  };
  const up = () => {
    if (!last.current) return;
    last.current = null;
    const image = canvas.current?.toDataURL('image/png');
    if (!image) return;
    setDrawn(true);
    onChange({ kind: 'drawn', image });
  };

  const clear = () => {
    const ctx = canvas.current?.getContext('2d');
    ctx?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    setDrawn(false);
    onChange(null);
  };

  const switchMode = (value: string) => {
    const next = value === 'type' ? 'type' : 'draw';
    setMode(next);
    if (next === 'type') onChange(text.trim() ? { kind: 'typed', text: text.trim() } : null);
    else onChange(null);
    if (next === 'draw') setDrawn(false);
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        value={mode}
        onChange={switchMode}
        data={[
          { value: 'draw', label: t('session.draw') },
          { value: 'type', label: t('session.type') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'draw' ? (
        <>
          <canvas
            ref={canvas}
            width={PAD_WIDTH}
            height={PAD_HEIGHT}
            aria-label={t('session.padLabel')}
            role="img"
            data-drawn={drawn || undefined}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
            onPointerLeave={up}
            style={{
              width: '100%',
              maxWidth: PAD_WIDTH,
              aspectRatio: `${PAD_WIDTH} / ${PAD_HEIGHT}`,
              border: '1px dashed var(--mantine-color-gray-5)',
              borderRadius: 8,
              background: 'var(--mantine-color-gray-0)',
              touchAction: 'none',
              cursor: 'crosshair',
            }}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('session.padHint')}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconEraser size={14} aria-hidden />}
              onClick={clear}
            >
              {t('session.clear')}
            </Button>
          </Group>
        </>
      ) : (
        <TextInput
          label={t('session.typeLabel')}
          value={text}
          placeholder={placeholder}
          maxLength={100}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            onChange(value.trim() ? { kind: 'typed', text: value.trim() } : null);
          }}
          styles={{ input: { fontFamily: "'Segoe Script', 'Brush Script MT', cursive", fontSize: 22 } }}
        />
      )}
    </Stack>
  );
}
