import { useCallback, useEffect, useState } from 'react';
import { Box, Center, Grid, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { FieldKind } from '@sinetti/contract';
import { CSS_PER_POINT } from '../../../components/pdf/PdfPage';
import { usePdfDocument } from '../../../components/pdf/usePdfDocument';
import { assigneeKey, colourOf, fieldAssigneeKey, type Assignee } from '../lib/assignees';
import type { FieldsDraft } from '../lib/useFieldsDraft';
import { FieldBox } from './FieldBox';
import { FieldPage } from './FieldPage';
import { FieldPanel } from './FieldPanel';
import { Palette } from './Palette';
import { UndoRedo } from './UndoRedo';

/** Pages are not drawn larger than this, however wide the screen (a field is placed by eye). */
const MAX_SCALE = 1.5;
/** Room beside the pages: the area's padding (a phone's is small, so the page keeps the width). */
const GUTTER = 32;

/** The scale at which a page of this width (points) fills the area, at most MAX_SCALE. */
function scaleFor(areaWidth: number, pageWidthPoints: number | null): number {
  if (!pageWidthPoints || areaWidth <= GUTTER) return 1;
  return Math.min(MAX_SCALE, (areaWidth - GUTTER) / (pageWidthPoints * CSS_PER_POINT));
}

/**
 * The pages with their fields, the palette and the selected field's panel: three columns on a wide screen;
 * on a phone the pages take the width and the palette (with the selected field's settings) sits in a bar
 * along the bottom.
 */
export function FieldsWorkspace({
  data,
  draft,
  assignees,
  editable,
  compact,
}: {
  /** The PDF, base64. */
  data: string;
  draft: FieldsDraft;
  assignees: Assignee[];
  editable: boolean;
  compact: boolean;
}) {
  const { t } = useTranslation('fields');
  const [unreadable, setUnreadable] = useState(false);
  const onFailed = useCallback(() => setUnreadable(true), []);
  const { pdf, pageWidth } = usePdfDocument(data, onFailed);
  const area = useElementSize();
  /** A phone's bottom bar: the pages end above it, however tall it is (a selected field's panel adds to it). */
  const bar = useElementSize();
  const [chosen, setChosen] = useState<FieldKind | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);

  // The first assignee is the default one; a removed signee's key falls back to it.
  const first = assignees[0];
  useEffect(() => {
    if (assignee && assignees.some((a) => assigneeKey(a) === assignee)) return;
    setAssignee(first ? assigneeKey(first) : null);
  }, [assignee, assignees, first]);

  const selected = draft.fields.find((f) => f.id === draft.selected) ?? null;
  // A phone shows one signee picker: the selected field's (its panel) while one is selected, else the
  // palette's. The next field is then for the person last shown: the selected field's signee.
  const selectedKey = selected ? fieldAssigneeKey(selected) : null;
  useEffect(() => {
    if (compact && selectedKey && assignees.some((a) => assigneeKey(a) === selectedKey)) {
      setAssignee(selectedKey);
    }
  }, [compact, selectedKey, assignees]);

  const place = (kind: FieldKind, page: number, x: number, y: number) => {
    const to = assignees.find((a) => assigneeKey(a) === assignee);
    if (!editable || !to) return;
    setFocusId(draft.add(kind, page, { x, y }, to));
    setChosen(null);
  };

  if (unreadable) return <Text c="red">{t('editor.unreadable')}</Text>;
  const scale = scaleFor(area.width, pageWidth);
  const nameOf = (key: string) =>
    assignees.find((a) => assigneeKey(a) === key)?.name ?? t('editor.noAssignee');

  const pages = (
    <Paper
      ref={area.ref}
      bg="gray.1"
      p={compact ? 'xs' : 'md'}
      radius="md"
      style={{ minHeight: 200 }}
      aria-label={t('editor.pages')}
      role="region"
      data-testid="field-pages"
    >
      {!pdf ? (
        <Center py={80} role="status" aria-label={t('editor.loading')}>
          <Loader />
        </Center>
      ) : (
        <Stack align="center" gap="md">
          {draft.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('card.empty')}
            </Text>
          )}
          {area.width > 0 &&
            Array.from({ length: pdf.numPages }, (_, i) => i + 1).map((pageNumber) => (
              <FieldPage
                key={pageNumber}
                pdf={pdf}
                pageNumber={pageNumber}
                total={pdf.numPages}
                scale={scale}
                label={t(chosen ? 'editor.pageHint' : 'editor.page', {
                  page: pageNumber,
                  total: pdf.numPages,
                })}
                placing={editable && chosen !== null}
                onPlace={(page, x, y) => chosen && place(chosen, page, x, y)}
                onClear={() => draft.select(null)}
              >
                {draft.fields
                  .filter((f) => f.page === pageNumber)
                  .map((field) => {
                    const key = fieldAssigneeKey(field);
                    const kind = t(`kinds.${field.kind}`);
                    const who = nameOf(key);
                    return (
                      <FieldBox
                        key={field.id}
                        field={field}
                        colour={colourOf(assignees, key)}
                        caption={`${field.label || kind} · ${who}`}
                        name={t('editor.field', {
                          kind: field.label || kind,
                          assignee: who,
                          page: field.page,
                        })}
                        selected={field.id === draft.selected}
                        editable={editable}
                        focus={field.id === focusId}
                        resizeLabel={t('editor.resize')}
                        onSelect={() => draft.select(field.id)}
                        onChange={(box, gesture) => draft.update(field.id, box, gesture)}
                        onDelete={() => draft.remove(field.id)}
                      />
                    );
                  })}
              </FieldPage>
            ))}
        </Stack>
      )}
    </Paper>
  );

  const palette = editable && (
    <Palette
      assignees={assignees}
      assignee={assignee}
      onAssignee={setAssignee}
      chosen={chosen}
      onChoose={setChosen}
      onDrop={place}
      compact={compact}
      withPicker={!compact || !selected}
    />
  );
  const panel = (
    <FieldPanel
      field={selected}
      assignees={assignees}
      editable={editable}
      compact={compact}
      onChange={(change, gesture) => selected && draft.update(selected.id, change, gesture)}
      onDelete={() => selected && draft.remove(selected.id)}
    />
  );

  if (compact) {
    return (
      <Stack gap="xs" pb={editable ? Math.max(bar.height, 200) + 16 : 0}>
        {pages}
        {selected && !editable && panel}
        {editable && (
          <Box
            ref={bar.ref}
            pos="fixed"
            left={0}
            right={0}
            bottom={0}
            p="xs"
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 300 }}
            data-testid="fields-bottom-bar"
          >
            <Group justify="flex-end" mb={4}>
              <UndoRedo draft={draft} compact />
            </Group>
            <ScrollArea.Autosize mah="45vh">
              <Stack gap="xs">
                {panel}
                {palette}
              </Stack>
            </ScrollArea.Autosize>
          </Box>
        )}
      </Stack>
    );
  }
  return (
    <Grid gap="md">
      {editable && <Grid.Col span={2}>{palette}</Grid.Col>}
      <Grid.Col span={editable ? 7 : 9}>{pages}</Grid.Col>
      <Grid.Col span={3}>{panel}</Grid.Col>
    </Grid>
  );
}
