import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate } from 'react-router';
import { showSuccess } from '../../../components/toast';
import { useAccount } from '../../../lib/account';
import { errorText } from '../../../lib/errors';
import { useDocument, useDocumentAbilities } from '../api/info';
import { documentKeys } from '../api/keys';
import { loadDocx, saveDocx } from './api';
import { DocxEditor, type EditorHandle } from './DocxEditor';

/**
 * The editor route's page: the document's DOCX in SuperDoc, Save (stores it as the document's file; the
 * server refuses it if someone else saved since it was opened) and Back. Unsaved changes hold the user
 * back, from links in the app and from closing the tab alike.
 */
export function EditorPage({ id }: { id: string }) {
  const { t } = useTranslation('documents');
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

  useEffect(() => {
    if (!editable) return;
    const controller = new AbortController();
    loadDocx(id, controller.signal).then(setSource, (err: unknown) => {
      if (!controller.signal.aborted) setProblem(err);
    });
    return () => controller.abort();
  }, [id, editable]);

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
      void queryClient.invalidateQueries({ queryKey: documentKeys.info(id) });
      showSuccess(t('editor.saved'));
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
              {t('editor.back')}
            </Group>
          </Anchor>
          <Title order={1} size="h3">
            {name}
          </Title>
          {dirty && <Badge color="orange">{t('editor.unsaved')}</Badge>}
        </Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={() => void save()}
          loading={saving}
          disabled={!ready}
        >
          {t('editor.save')}
        </Button>
      </Group>
      {blocker.state === 'blocked' && (
        <Alert color="orange" role="alertdialog" title={t('editor.unsaved')}>
          <Text size="sm">{t('editor.leaveQuestion')}</Text>
          <Group gap="xs" mt="xs">
            <Button size="xs" color="red" onClick={() => blocker.proceed()}>
              {t('editor.leave')}
            </Button>
            <Button size="xs" variant="default" onClick={() => blocker.reset()}>
              {t('editor.stay')}
            </Button>
          </Group>
        </Alert>
      )}
      {problem !== null && (
        <Alert color="red" role="alert">
          {errorText(problem, t('editor.failed'))}
        </Alert>
      )}
      {can && !editable && (
        <Alert color="gray" role="status">
          {t('editor.notEditable')}
        </Alert>
      )}
      {editable && !source && problem === null && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            {t('editor.loading')}
          </Text>
        </Group>
      )}
      {source && account.data && (
        <Box>
          <DocxEditor
            file={source.file}
            user={{ name: account.data.account.fullName, email: account.data.account.email }}
            onReady={(handle) => {
              editor.current = handle;
              setReady(true);
            }}
            onChange={() => setDirty(true)}
            onFailure={setProblem}
          />
        </Box>
      )}
    </Stack>
  );
}
