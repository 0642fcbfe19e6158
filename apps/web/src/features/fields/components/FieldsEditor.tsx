import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Document, PlacedField } from '@sinetti/contract';
import { showSuccess } from '../../../components/toast';
import { useAssignees, useFieldsPdf, useSaveFields } from '../api';
import { saveErrorOf } from '../lib/saveError';
import { useFieldsDraft } from '../lib/useFieldsDraft';
import { useUndoKeys } from '../lib/useUndoKeys';
import { FieldsWorkspace } from './FieldsWorkspace';
import { UndoRedo } from './UndoRedo';

export interface FieldsEditorProps {
  document: Pick<Document, 'id' | 'type' | 'name'>;
  fields: PlacedField[];
  editable: boolean;
  onClose: () => void;
}

/**
 * Placing fields (issue #33 item 1): a full-screen view over the document page with the pages, the
 * palette and the selected field's settings. Changes stay here until Save; closing with unsaved changes
 * asks first, and so does the browser when the tab is closed. Loaded on demand (FieldsCard), in its own
 * chunk: the document page does not carry it.
 */
export default function FieldsEditor({ document, fields, editable, onClose }: FieldsEditorProps) {
  const { t } = useTranslation('fields');
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const content = useFieldsPdf(document.id);
  const { assignees } = useAssignees(document);
  const draft = useFieldsDraft(fields);
  const save = useSaveFields(document.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  useUndoKeys(editable && !leaving, draft.undo, draft.redo);

  useEffect(() => {
    if (!draft.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft.dirty]);

  const onSave = () => {
    setFailure(null);
    const sent = draft.fields;
    save.mutate(sent, {
      onSuccess: (reply) => {
        draft.saved(sent, reply.fields);
        showSuccess(t('editor.saved'));
      },
      onError: (error) => {
        const { text, fieldId } = saveErrorOf(error, sent, t);
        setFailure(text);
        if (fieldId) draft.select(fieldId);
      },
    });
  };
  const close = () => (draft.dirty ? setLeaving(true) : onClose());
  const title = t(editable ? 'editor.title' : 'editor.titleReadOnly', { name: document.name });

  const data = content.data;
  const body = !data ? (
    content.isError ? (
      <Text c="red">{t('editor.unreadable')}</Text>
    ) : (
      <Center py={80} role="status" aria-label={t('editor.loading')}>
        <Loader />
      </Center>
    )
  ) : data.content && data.mimeType.split(';')[0]?.trim().toLowerCase() === 'application/pdf' ? (
    <FieldsWorkspace
      key={data.hash}
      data={data.content}
      draft={draft}
      assignees={assignees}
      editable={editable}
      compact={compact}
    />
  ) : (
    <Text>{t('editor.notPdf')}</Text>
  );

  return (
    <Modal
      opened
      onClose={close}
      fullScreen
      withCloseButton={false}
      // Escape is for the fields (and Select lists); Close leaves.
      closeOnEscape={false}
      // Fading only: a transform left on the dialog would hold the phone's bottom bar (position: fixed).
      transitionProps={{ transition: 'fade', duration: 150 }}
      title={title}
      padding={compact ? 'xs' : 'md'}
      styles={{
        title: {
          fontWeight: 700,
          fontSize: compact ? 'var(--mantine-font-size-md)' : 'var(--mantine-font-size-xl)',
        },
      }}
    >
      <Stack gap="sm">
        <Group justify="flex-end" wrap="nowrap" gap="xs">
          {/* A phone has them in its bottom bar (FieldsWorkspace). */}
          {editable && !compact && <UndoRedo draft={draft} compact={false} />}
          {draft.dirty && <Badge color="orange">{t('editor.unsaved')}</Badge>}
          {editable && (
            <Button
              onClick={onSave}
              loading={save.isPending}
              disabled={!draft.dirty}
              size={compact ? 'xs' : 'sm'}
            >
              {t('editor.save')}
            </Button>
          )}
          <Button variant="default" onClick={close} size={compact ? 'xs' : 'sm'}>
            {t('editor.close')}
          </Button>
        </Group>
        {!editable && <Alert color="gray">{t('editor.readOnly')}</Alert>}
        {failure && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {body}
      </Stack>
      <Modal opened={leaving} onClose={() => setLeaving(false)} title={t('editor.leaveTitle')} centered>
        <Stack>
          <Text size="sm">{t('editor.leaveText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLeaving(false)}>
              {t('editor.stay')}
            </Button>
            <Button color="red" onClick={onClose}>
              {t('editor.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}
