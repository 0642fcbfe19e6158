import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Group, Portal, Select, Stack, Text } from '@mantine/core';
import {
  IconCalendar,
  IconCheckbox,
  IconCursorText,
  IconLetterCase,
  IconSignature,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FIELD_KINDS, type FieldKind } from '@sinetti/contract';
import { assigneeKey, type Assignee } from '../lib/assignees';
import { pageAt } from './FieldPage';

export const KIND_ICONS: Record<FieldKind, Icon> = {
  signature: IconSignature,
  initials: IconLetterCase,
  name: IconUser,
  date: IconCalendar,
  text: IconCursorText,
  checkbox: IconCheckbox,
};

/** A pointer that moves this far (CSS px) from where it went down drags; less is a click or a tap. */
const DRAG_DISTANCE = 6;

export interface PaletteProps {
  assignees: Assignee[];
  assignee: string | null;
  onAssignee: (key: string) => void;
  chosen: FieldKind | null;
  onChoose: (kind: FieldKind | null) => void;
  /** A kind dropped on a page, at fractions of it. */
  onDrop: (kind: FieldKind, page: number, x: number, y: number) => void;
  /** A phone: a bar of icon buttons along the bottom. */
  compact: boolean;
  /** Show whom the next field is for (false on a phone while the selected field's panel shows it). */
  withPicker?: boolean;
}

/**
 * The six kinds and whom the next field is for. A kind is dragged onto a page with any pointer (the page
 * under the pointer when it is let go takes it), or chosen with a click, tap or Enter and then placed by
 * clicking, tapping or pressing Enter on a page.
 */
export function Palette({
  assignees,
  assignee,
  onAssignee,
  chosen,
  onChoose,
  onDrop,
  compact,
  withPicker = true,
}: PaletteProps) {
  const { t } = useTranslation('fields');
  const [ghost, setGhost] = useState<{ kind: FieldKind; x: number; y: number } | null>(null);
  /** The click that ends a drag must not also choose the kind. */
  const dragged = useRef(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  const disabled = assignees.length === 0;

  const startDrag = (kind: FieldKind, event: ReactPointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button !== 0) return;
    const start = { x: event.clientX, y: event.clientY };
    let dragging = false;
    dragged.current = false;
    const move = (e: PointerEvent) => {
      if (!dragging && Math.hypot(e.clientX - start.x, e.clientY - start.y) > DRAG_DISTANCE) dragging = true;
      if (dragging) setGhost({ kind, x: e.clientX, y: e.clientY });
    };
    const up = (e: PointerEvent) => {
      stop.current?.();
      if (!dragging) return;
      // A click follows only when the pointer is let go over the kind's own button; either way the flag
      // must not outlive this gesture, or the next click on a kind would be taken for a drag's end.
      dragged.current = true;
      window.setTimeout(() => {
        dragged.current = false;
      }, 0);
      const at = pageAt(e.clientX, e.clientY);
      if (at) onDrop(kind, at.page, at.x, at.y);
    };
    const cleanup = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cleanup);
      setGhost(null);
      stop.current = null;
    };
    stop.current?.();
    stop.current = cleanup;
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cleanup);
  };

  const kinds = FIELD_KINDS.map((kind) => {
    const KindIcon = KIND_ICONS[kind];
    return (
      <Button
        key={kind}
        variant={chosen === kind ? 'filled' : 'default'}
        size={compact ? 'md' : 'sm'}
        px={compact ? 10 : undefined}
        justify={compact ? 'center' : 'flex-start'}
        fullWidth={!compact}
        leftSection={compact ? undefined : <KindIcon size={18} aria-hidden />}
        // On a phone the six fit the width as icons; the name is the button's name and tooltip.
        aria-label={compact ? t(`kinds.${kind}`) : undefined}
        title={compact ? t(`kinds.${kind}`) : undefined}
        aria-pressed={chosen === kind}
        disabled={disabled}
        onPointerDown={(e) => startDrag(kind, e)}
        onClick={() => {
          if (dragged.current) {
            dragged.current = false;
            return;
          }
          onChoose(chosen === kind ? null : kind);
        }}
        // The finger drags the kind instead of scrolling the bar.
        style={{ touchAction: 'none', flexShrink: 0 }}
        data-kind={kind}
      >
        {compact ? <KindIcon size={20} aria-hidden /> : t(`kinds.${kind}`)}
      </Button>
    );
  });

  const picker = (
    <Select
      label={t('palette.signee')}
      size={compact ? 'xs' : 'sm'}
      data={assignees.map((a) => ({
        value: assigneeKey(a),
        label: a.type === 'role' ? t('panel.role', { role: a.name }) : a.name,
      }))}
      value={assignee}
      onChange={(value) => value && onAssignee(value)}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Stack gap="xs" role="toolbar" aria-label={t('palette.label')}>
      {disabled ? (
        <Text size="sm" c="dimmed">
          {t('palette.noSignees')}
        </Text>
      ) : (
        withPicker && picker
      )}
      {compact ? (
        <Group gap={4} wrap="nowrap" justify="space-between">
          {kinds}
        </Group>
      ) : (
        <Stack gap={6}>{kinds}</Stack>
      )}
      <Text size="xs" c="dimmed" aria-live="polite">
        {chosen ? t('palette.chosen', { kind: t(`kinds.${chosen}`) }) : t('palette.hint')}
      </Text>
      {ghost && (
        <Portal>
          <div
            aria-hidden
            style={{
              position: 'fixed',
              left: ghost.x + 8,
              top: ghost.y + 8,
              pointerEvents: 'none',
              zIndex: 10000,
              padding: '2px 8px',
              borderRadius: 4,
              background: 'var(--mantine-color-blue-6)',
              color: 'white',
              fontSize: 12,
            }}
          >
            {t(`kinds.${ghost.kind}`)}
          </div>
        </Portal>
      )}
    </Stack>
  );
}
