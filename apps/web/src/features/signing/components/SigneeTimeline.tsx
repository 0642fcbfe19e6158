import { useId, useState } from 'react';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@sinetti/contract';
import { formatDateTime } from '../../../lib/dates';
import { eventKind } from '../lib/events';

/** "Opened the signing link" or, folded, "Opened the signing link (2 times)". */
function useEntryText() {
  const { t } = useTranslation('signing');
  return (entry: TimelineEntry) => {
    const event = t(`events.${eventKind(entry.type)}`);
    return entry.count > 1 ? t('timeline.repeated', { event, count: entry.count }) : event;
  };
}

/**
 * One signee's progress from the audit trail (issue 12 item 6): the latest step with its time in
 * Helsinki, and a toggle that opens every step. Unknown kinds read as "Other event".
 */
export function SigneeTimeline({ name, events }: { name: string; events: TimelineEntry[] }) {
  const { t } = useTranslation('signing');
  const text = useEntryText();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const latest = events[events.length - 1];
  if (!latest) return null;
  return (
    <Box>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="timeline-latest" style={{ minWidth: 0 }}>
          {text(latest)} · {formatDateTime(latest.lastAt)}
        </Text>
        {events.length > 1 && (
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t(open ? 'timeline.hide' : 'timeline.show', { name, count: events.length })}
            fz="xs"
            c="blue.8"
            style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}
          >
            {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            {t('timeline.steps', { count: events.length })}
          </UnstyledButton>
        )}
      </Group>
      {open && (
        <Box
          component="ol"
          id={listId}
          aria-label={t('timeline.label', { name })}
          m={0}
          mt={4}
          pl="md"
          style={{ borderLeft: '2px solid var(--mantine-color-gray-3)', listStyle: 'none' }}
        >
          {events.map((e) => (
            <Text component="li" size="xs" key={`${e.type}-${e.at}`}>
              <Text span fw={500} size="xs">
                {text(e)}
              </Text>{' '}
              <Text span c="dimmed" size="xs">
                {formatDateTime(e.at)}
                {e.count > 1 && ` – ${formatDateTime(e.lastAt)}`}
              </Text>
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
