import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Box as MantineBox, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PlacedField } from '@sinetti/contract';
import { boxForKey, boxOf, moveBy, resizeBy, type Box } from '../lib/geometry';
import { newGesture } from '../lib/history';

interface Drag {
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  start: Box;
  /** The page's size on screen, in CSS pixels, when the drag began. */
  pageWidth: number;
  pageHeight: number;
  /** The drag is one undo step. */
  gesture: string;
}

export interface FieldBoxProps {
  field: PlacedField;
  colour: string;
  /** What the box says: its kind and its signee. */
  caption: string;
  /** For screen readers: kind, signee and page. */
  name: string;
  selected: boolean;
  editable: boolean;
  /** Take the keyboard focus when shown (a field just placed). */
  focus: boolean;
  resizeLabel: string;
  onSelect: () => void;
  /** A new box; changes with the same gesture (one drag, one held key) are one undo step. */
  onChange: (box: Box, gesture: string) => void;
  onDelete: () => void;
}

/**
 * One field on its page, placed in percentages of the page so it follows any zoom. Pointer events serve
 * mouse, pen and touch alike: drag the box to move it, its corner handle to resize it; the keyboard moves,
 * resizes and deletes the focused field (lib/geometry.ts boxForKey). It never leaves the page.
 */
export function FieldBox(props: FieldBoxProps) {
  const { field, colour, caption, name, selected, editable, focus, resizeLabel } = props;
  const element = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  /** The gesture of the last key press, continued while the key repeats. */
  const keys = useRef<string | null>(null);
  // A finger needs a larger handle than a mouse pointer.
  const handle = useMediaQuery('(pointer: coarse)') ? 24 : 14;

  useEffect(() => {
    if (focus) element.current?.focus();
  }, [focus]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    props.onSelect();
    if (!editable || event.button !== 0) return;
    const page = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!page || page.width === 0 || page.height === 0) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.focus();
    const onHandle = (event.target as HTMLElement).dataset.handle === 'resize';
    drag.current = {
      mode: onHandle ? 'resize' : 'move',
      startX: event.clientX,
      startY: event.clientY,
      start: boxOf(field),
      pageWidth: page.width,
      pageHeight: page.height,
      gesture: newGesture(),
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = (event.clientX - d.startX) / d.pageWidth;
    const dy = (event.clientY - d.startY) / d.pageHeight;
    props.onChange(d.mode === 'move' ? moveBy(d.start, dx, dy) : resizeBy(d.start, dx, dy), d.gesture);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete();
      return;
    }
    const next = boxForKey(boxOf(field), event.key, {
      shift: event.shiftKey,
      resize: event.altKey || event.ctrlKey || event.metaKey,
    });
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.repeat || !keys.current) keys.current = newGesture();
    props.onChange(next, keys.current);
  };

  return (
    <MantineBox
      ref={element}
      role="button"
      tabIndex={0}
      aria-label={name}
      aria-pressed={selected}
      data-field-id={field.id}
      data-kind={field.kind}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      onFocus={props.onSelect}
      // A click on a field selects it; it must not also reach the page, which would place a new field.
      onClick={(event) => event.stopPropagation()}
      style={{
        position: 'absolute',
        left: `${field.x * 100}%`,
        top: `${field.y * 100}%`,
        width: `${field.width * 100}%`,
        height: `${field.height * 100}%`,
        border: `2px solid var(--mantine-color-${colour}-6)`,
        background: `color-mix(in srgb, var(--mantine-color-${colour}-1) 75%, transparent)`,
        boxShadow: selected ? `0 0 0 3px var(--mantine-color-${colour}-3)` : undefined,
        borderRadius: 3,
        overflow: 'hidden',
        cursor: editable ? 'move' : 'default',
        // The page still scrolls under a finger; a field takes the finger to move.
        touchAction: editable ? 'none' : 'auto',
        userSelect: 'none',
        zIndex: selected ? 2 : 1,
      }}
    >
      <Text
        component="span"
        size="xs"
        fw={500}
        c={`${colour}.9`}
        px={3}
        style={{ display: 'block', whiteSpace: 'nowrap', lineHeight: 1.3, pointerEvents: 'none' }}
      >
        {caption}
      </Text>
      {editable && selected && (
        <MantineBox
          data-handle="resize"
          // The keyboard resizes with Alt+arrows (the panel's hint); the handle is for pointers.
          aria-hidden
          title={resizeLabel}
          style={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: handle,
            height: handle,
            background: `var(--mantine-color-${colour}-6)`,
            cursor: 'nwse-resize',
            touchAction: 'none',
          }}
        />
      )}
    </MantineBox>
  );
}
