import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { showSuccess } from '../../../components/toast';
import { useAccount } from '../../../lib/account';
import { errorText } from '../../../lib/errors';
import { useDocument, useDocumentAbilities } from '../api/info';
import { refreshDocuments } from '../api/keys';
import { saveBlob } from '../../../lib/download';
import { loadDocx, saveDocx } from './api';
import { deleteDraft, loadDraft, saveDraft, type Draft } from './drafts';
import type { EditorHandle } from './DocxEditor';
import { DraftNotice, LockNotice } from './EditorNotices';
import { useEditLock } from './useEditLock';

// Its own chunk: its form controls stay out of the chunks the editor shares with the rest of the app.
const InsertField = lazy(async () => ({ default: (await import('./InsertField')).InsertField }));
// SuperDoc is megabytes of script: the page shows at once (title, Back, "Opening…") and the editor's code
// loads beside the lock and the file, instead of the Edit link seeming dead until it has loaded.
const DocxEditor = lazy(async () => ({ default: (await import('./DocxEditor')).DocxEditor }));

/** How long after the last change the draft is written to this browser. */
const DRAFT_DELAY_MS = 2000;

/**
 * The editor route's page: the document's DOCX in SuperDoc, Save (stores it as the document's next
 * version; the server refuses it if someone else saved since it was opened) and Back. One person edits at
 * a time (the lock: others see who, and until when). Unsaved changes hold the user back, from links in
 * the app and from closing the tab alike, and are kept in this browser as a draft that a reload offers
 * back (issue 13 item 2).
 */
export function EditorPage({ id }: { id: string }) {
  const { t } = useTranslation('editor');
  const document = useDocument(id);
  const can = useDocumentAbilities(id);
  const account = useAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<{ file: Blob; etag: string } | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const editor = useRef<EditorHandle | null>(null);
  const [ready, setReady] = useState(false);
  const editable = can?.edit === true;
  const { lock, retry } = useEditLock(id, editable);
  const accountId = account.data?.account.id ?? '';
  const [draft, setDraft] = useState<Draft | null>(null);
  const [version, setVersion] = useState(0);
  /** Changes made so far (the draft timer compares it to know whether its export is still the latest). */
  const changes = useRef(0);
  /** The draft in this browser holds the latest change. */
  const [draftKept, setDraftKept] = useState(false);

  useEffect(() => {
    if (lock.state !== 'held' || !accountId) return;
    const controller = new AbortController();
    Promise.all([loadDocx(id, controller.signal), loadDraft(id, accountId)]).then(
      ([file, kept]) => {
        setSource(file);
        setDraft(kept);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setProblem(err);
      },
    );
    return () => controller.abort();
  }, [id, lock.state, accountId]);

  // Changes are kept in this browser a moment after the last one (a reload or a crash keeps them). An
  // export overtaken by a newer change is dropped: it must neither overwrite a newer draft nor say "kept".
  useEffect(() => {
    if (!dirty || !source || !accountId) return;
    const timer = setTimeout(() => {
      const exported = changes.current;
      const current = () => changes.current === exported;
      void editor.current?.exportDocx().then(async (file) => {
        if (!current()) return;
        await saveDraft(id, accountId, { base: source.etag, savedAt: new Date().toISOString(), file });
        if (current()) setDraftKept(true);
      });
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dirty, version, source, id, accountId]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(dirty && !saving);

  const save = async () => {
    if (!editor.current || !source) return;
    setSaving(true);
    setProblem(null);
    try {
      await saveDocx(id, await editor.current.exportDocx(), source.etag);
      setDirty(false);
      await deleteDraft(id, accountId);
      // Its lists' "updated", its versions and a template's fields all changed with the file.
      void refreshDocuments(queryClient);
      showSuccess(t('saved'));
      navigate(`/document/${id}`);
    } catch (err) {
      setProblem(err);
    } finally {
      setSaving(false);
    }
  };

  const name = document.data?.name ?? '';
  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Anchor component={Link} to={`/document/${id}`} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden />
              {t('back')}
            </Group>
          </Anchor>
          <Title order={1} size="h3">
            {name}
          </Title>
          {dirty && <Badge color="orange">{t('unsaved')}</Badge>}
          {dirty && draftKept && (
            <Text size="xs" c="dimmed" role="status">
              {t('draftKept')}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {document.data?.type === 'template' && (
            <Suspense fallback={null}>
              <InsertField
                disabled={!ready || lock.state !== 'held'}
                onInsert={(tag) => editor.current?.insertText(tag) ?? false}
              />
            </Suspense>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void save()}
            loading={saving}
            disabled={!ready || lock.state !== 'held'}
          >
            {t('save')}
          </Button>
        </Group>
      </Group>
      {blocker.state === 'blocked' && (
        <Alert color="orange" role="alertdialog" title={t('unsaved')}>
          <Text size="sm">{t('leaveQuestion')}</Text>
          <Group gap="xs" mt="xs">
            <Button
              size="xs"
              color="red"
              onClick={() => void deleteDraft(id, accountId).then(() => blocker.proceed?.())}
            >
              {t('leave')}
            </Button>
            <Button size="xs" variant="default" onClick={() => blocker.reset()}>
              {t('stay')}
            </Button>
          </Group>
        </Alert>
      )}
      <LockNotice lock={lock} onRetry={retry} />
      {draft && source && (
        <DraftNotice
          draft={draft}
          current={draft.base === source.etag}
          onRestore={() => {
            setSource({ file: draft.file, etag: source.etag });
            setDraft(null);
            setReady(false);
            setDirty(true);
          }}
          onDownload={() => saveBlob(draft.file, `${name}.docx`)}
          onDiscard={() => {
            setDraft(null);
            void deleteDraft(id, accountId);
          }}
        />
      )}
      {lock.state === 'failed' && (
        <Alert color="red" role="alert">
          {errorText(lock.error, t('failed'))}
        </Alert>
      )}
      {problem !== null && (
        <Alert color="red" role="alert">
          {errorText(problem, t('failed'))}
        </Alert>
      )}
      {can && !editable && (
        <Alert color="gray" role="status">
          {t('notEditable')}
        </Alert>
      )}
      {editable && !ready && problem === null && (lock.state === 'pending' || lock.state === 'held') && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            {t('loading')}
          </Text>
        </Group>
      )}
      {source && account.data && (
        <Suspense fallback={null}>
          <DocxEditor
            file={source.file}
            user={{ name: account.data.account.fullName, email: account.data.account.email }}
            onReady={(handle) => {
              editor.current = handle;
              setReady(true);
            }}
            onChange={() => {
              changes.current += 1;
              setDirty(true);
              setDraftKept(false);
              setVersion(changes.current);
            }}
            onFailure={setProblem}
          />
        </Suspense>
      )}
    </Stack>
  );
}
